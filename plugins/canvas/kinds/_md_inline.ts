/**
 * Markdown inline tokens (from marked's lexer) as styled spans.
 *
 * @module
 */

import type { Token } from "marked";
import type { Span } from "./_wrap.ts";

/** Inline token type → the SGR parameters it adds. */
const STYLES: Record<string, string> = {
  strong: "1",
  em: "3",
  del: "9",
  codespan: "33",
  link: "4;34",
  html: "2",
};

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** Decodes the HTML entities marked leaves in text (`&amp;`, `&#39;`, `&#x1F600;`). */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (all, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? all;
    const cp = name[1] === "x" || name[1] === "X"
      ? parseInt(name.slice(2), 16)
      : parseInt(name.slice(1), 10);
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : all;
  });
}

function join(a: string, b: string | undefined): string {
  return !b ? a : a ? `${a};${b}` : b;
}

/**
 * Spans for inline tokens under a base style. A hard break is a `"\n"` span.
 *
 * @example
 * ```ts
 * import { Lexer, type Tokens } from "marked";
 * import { inlineSpans } from "./_md_inline.ts";
 * const [p] = Lexer.lex("a **b**");
 * const spans = inlineSpans((p as Tokens.Paragraph).tokens, "");
 * console.assert(spans[1]!.text === "b" && spans[1]!.sgr === "1");
 * ```
 */
export function inlineSpans(tokens: Token[], sgr: string): Span[] {
  const out: Span[] = [];
  for (const token of tokens) {
    const t = token as Token & { tokens?: Token[]; text?: string; href?: string };
    switch (t.type) {
      case "br":
        out.push({ text: "\n", sgr });
        break;
      case "codespan":
        out.push({ text: decodeEntities(t.text ?? ""), sgr: join(sgr, STYLES.codespan) });
        break;
      case "image":
        out.push({ text: `[image: ${t.text || t.href}]`, sgr: join(sgr, "2") });
        break;
      case "link": {
        const style = join(sgr, STYLES.link);
        out.push(
          ...(t.tokens?.length
            ? inlineSpans(t.tokens, style)
            : [{ text: t.text ?? "", sgr: style }]),
        );
        const shown = t.tokens?.map((x) => (x as { text?: string }).text ?? "").join("");
        if (t.href && shown !== t.href && `mailto:${shown}` !== t.href) {
          out.push({ text: ` (${t.href})`, sgr: join(sgr, "2") });
        }
        break;
      }
      case "checkbox":
        break;
      case "html":
        if (/^<br\s*\/?>$/i.test(t.raw)) out.push({ text: "\n", sgr });
        else out.push({ text: t.raw, sgr: join(sgr, STYLES.html) });
        break;
      default:
        if (t.tokens?.length) out.push(...inlineSpans(t.tokens, join(sgr, STYLES[t.type])));
        else {out.push({
            text: decodeEntities(t.text ?? t.raw ?? ""),
            sgr: join(sgr, STYLES[t.type]),
          });}
    }
  }
  return out;
}
