/**
 * The `markdown` canvas kind: headings, emphasis, lists, quotes, tables, links and fenced code
 * with syntax colours, wrapped to the pane's width. Parsed by marked's lexer (GFM).
 *
 * @module
 */

import { Lexer, type Token, type Tokens } from "marked";
import type { Renderer, RenderInput, RenderOutput } from "./types.ts";
import { highlight, knownLanguage } from "./_highlight.ts";
import { decodeEntities, inlineSpans } from "./_md_inline.ts";
import { Row } from "./_row.ts";
import { type Span, wrapSpans } from "./_wrap.ts";
import { mdTable } from "./_md_table.ts";

/** Source lines read at most; the rest is counted in a footer. */
const MAX_LINES = 5_000;
/** Characters of a source line read at most: marked's emphasis rules grow fast with a line. */
const MAX_LINE = 4_000;
/** Lists and quotes nested deeper than this stop indenting. */
const MAX_DEPTH = 12;
/** Code blocks are framed no wider than this. */
const CODE_FRAME = 80;

const HEADING = ["1;4;35", "1;35", "1;34", "1;36", "1", "1"];
const BULLETS = ["•", "◦", "▪"];

/** Draws spans wrapped to `width`, each line prefixed. */
function paragraph(spans: Span[], width: number): string[] {
  return wrapSpans(spans, width).map((line) => {
    const row = new Row(width);
    for (const s of line) row.add(s.text, s.sgr);
    return row.toString();
  });
}

/** Puts a prefix before the first line and another before the rest (both already styled). */
function indent(lines: string[], first: string, rest: string): string[] {
  return lines.map((l, i) => (i === 0 ? first : rest) + l);
}

function code(token: Tokens.Code, width: number): string[] {
  const lang = (token.lang ?? "").trim().split(/\s/)[0] ?? "";
  const frame = Math.min(width, CODE_FRAME);
  const label = lang ? `─ ${lang} ` : "";
  const top = new Row(width).add(`┌${label}`.padEnd(frame, "─"), "2").toString();
  const bottom = new Row(width).add("└".padEnd(frame, "─"), "2").toString();
  const body = highlight(token.text, knownLanguage(lang) ? lang : "").map((spans) => {
    const row = new Row(width).add("│ ", "2");
    for (const s of spans) row.add(s.text, s.sgr);
    return row.toString();
  });
  return [top, ...body, bottom];
}

function list(token: Tokens.List, width: number, depth: number): string[] {
  const out: string[] = [];
  const start = typeof token.start === "number" ? token.start : 1;
  const numbers = token.items.map((_, i) => `${start + i}.`);
  const markWidth = token.ordered ? Math.max(...numbers.map((n) => n.length)) + 1 : 2;
  token.items.forEach((item, i) => {
    const mark = token.ordered
      ? numbers[i]!.padStart(markWidth - 1) + " "
      : `${BULLETS[depth % 3]} `;
    const task = item.task ? (item.checked ? "[x] " : "[ ] ") : "";
    const room = depth >= MAX_DEPTH ? 0 : markWidth + task.length;
    const body = blocks(item.tokens, Math.max(1, width - room), depth + 1, item.loose);
    if (!body.length) body.push("");
    const first = room === 0 ? "" : new Row(room).add(mark, token.ordered ? "1" : "33")
      .add(task, item.checked ? "32" : "33").toString();
    out.push(...indent(body, first, " ".repeat(room)));
    if (item.loose && i < token.items.length - 1) out.push("");
  });
  return out;
}

function quote(token: Tokens.Blockquote, width: number, depth: number): string[] {
  const deep = depth >= MAX_DEPTH || width < 3;
  const bar = deep ? "" : "\x1b[2m│\x1b[0m ";
  const body = blocks(token.tokens, deep ? width : width - 2, depth + 1, true);
  return indent(body, bar, bar);
}

function heading(token: Tokens.Heading, width: number): string[] {
  const sgr = HEADING[token.depth - 1] ?? "1";
  return paragraph(
    [{ text: `${"#".repeat(token.depth)} `, sgr: "2" }, ...inlineSpans(token.tokens, sgr)],
    width,
  );
}

/** One block token as lines. */
function block(token: Token, width: number, depth: number): string[] {
  switch (token.type) {
    case "heading":
      return heading(token as Tokens.Heading, width);
    case "paragraph":
    case "text": {
      const t = token as Tokens.Paragraph;
      return paragraph(
        t.tokens?.length ? inlineSpans(t.tokens, "") : [{ text: t.text, sgr: "" }],
        width,
      );
    }
    case "code":
      return code(token as Tokens.Code, width);
    case "list":
      return list(token as Tokens.List, width, depth);
    case "blockquote":
      return quote(token as Tokens.Blockquote, width, depth);
    case "table":
      return mdTable(token as Tokens.Table, width);
    case "hr":
      return [new Row(width).add("─".repeat(width), "2").toString()];
    case "html":
      return paragraph(
        [{ text: decodeEntities((token as Tokens.HTML).text.trim()), sgr: "2" }],
        width,
      );
    case "space":
    case "def":
    case "checkbox": // drawn by the list item
      return [];
    default:
      return paragraph([{ text: (token as { raw?: string }).raw ?? "", sgr: "" }], width);
  }
}

/** Block tokens as lines, a blank line between blocks unless tight (a tight list item). */
function blocks(tokens: Token[], width: number, depth: number, spaced: boolean): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    const lines = block(token, width, depth);
    if (!lines.length) continue;
    if (out.length && spaced) out.push("");
    out.push(...lines);
  }
  return out;
}

/** The first `max` lines of text, long lines cut, and how many lines were left. */
function head(text: string, max: number): [string, number] {
  let at = -1, long = false;
  for (let n = 0; n < max && (n === 0 || at >= 0); n++) {
    const next = text.indexOf("\n", at + 1);
    if ((next < 0 ? text.length : next) - at - 1 > MAX_LINE) long = true;
    at = next;
  }
  let more = 0;
  for (let i = at; i >= 0 && i < text.length - 1; i = text.indexOf("\n", i + 1)) more++;
  let kept = at < 0 ? text : text.slice(0, at + 1);
  if (long) {
    kept = kept.split("\n").map((l) => (l.length > MAX_LINE ? l.slice(0, MAX_LINE) + "…" : l)).join(
      "\n",
    );
  }
  return [kept, more];
}

/** Tokens, or undefined when marked gives up (it recurses once per level of nesting). */
function lex(text: string): Token[] | undefined {
  try {
    return Lexer.lex(text, { gfm: true });
  } catch (err) {
    if (err instanceof RangeError) return undefined;
    throw err;
  }
}

/**
 * Renders Markdown.
 *
 * @example
 * ```ts
 * import { render } from "./markdown.ts";
 * const { lines } = render({ content: "# Hi\n\nSome *text*.", width: 40, height: 10 });
 * console.assert(lines.length === 3);
 * ```
 */
export const render: Renderer = (input: RenderInput): RenderOutput => {
  const width = Math.max(1, Math.floor(input.width));
  const [text, more] = head(input.content, MAX_LINES);
  const lines: string[] = [];
  if (input.title) lines.push(new Row(width).add(input.title, "1").toString(), "");
  const tokens = lex(text);
  if (tokens) lines.push(...blocks(tokens, width, 0, true));
  else {
    lines.push(
      new Row(width).add("(nested too deeply for Markdown: shown as text)", "2").toString(),
    );
    for (const line of text.split("\n")) lines.push(...paragraph([{ text: line, sgr: "" }], width));
  }
  if (more) lines.push("", new Row(width).add(`… ${more} more lines`, "2").toString());
  return { lines };
};
