/**
 * Text helpers the kinds share: source text made inert (no escapes, no controls), styled
 * spans, and lines cut or padded to a number of cells (SGR escapes take no cells).
 *
 * @module
 */

import { charWidth, textWidth } from "../../../protocols/terminal/width.ts";

// deno-lint-ignore no-control-regex
const ESCAPE = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[^[\]])?/g;
// deno-lint-ignore no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
// deno-lint-ignore no-control-regex
const SGR_AT = /\x1b\[[0-9;:]*m/y;
// deno-lint-ignore no-control-regex
const SGR_ALL = /\x1b\[[0-9;:]*m/g;

/**
 * Source text as plain characters: escape sequences and control characters removed, tabs
 * expanded to `tab` spaces. A file that carries escapes cannot restyle or move the canvas.
 *
 * @example
 * ```ts
 * import { inert } from "./_text.ts";
 * console.assert(inert("a\x1b[31mb\x1b]2;t\x07c\rd\te") === "abcd  e");
 * ```
 */
export function inert(text: string, tab = 2): string {
  return text.replace(ESCAPE, "").replaceAll("\t", " ".repeat(tab)).replace(CONTROL, "");
}

/** SGR codes the kinds use, by meaning. */
export const STYLE = {
  bold: "1",
  dim: "2",
  italic: "3",
  underline: "4",
  inverse: "7",
  red: "31",
  green: "32",
  yellow: "33",
  blue: "34",
  magenta: "35",
  cyan: "36",
  gray: "90",
  brightRed: "91",
} as const;

/** `text` in `codes` (SGR parameters), reset after. Empty text stays empty. */
export function paint(codes: string | readonly string[], text: string): string {
  if (!text) return "";
  const list = typeof codes === "string" ? codes : codes.join(";");
  return `\x1b[${list}m${text}\x1b[0m`;
}

/**
 * The cells `line` takes on screen (SGR escapes take none).
 *
 * @example
 * ```ts
 * import { cells } from "./_text.ts";
 * console.assert(cells("\x1b[1mab\x1b[0m日") === 4);
 * ```
 */
export function cells(line: string): number {
  return textWidth(line.includes("\x1b") ? line.replace(SGR_ALL, "") : line);
}

/**
 * `line` cut to at most `width` cells, ending in `…` when something was cut (styles closed).
 *
 * @example
 * ```ts
 * import { fit } from "./_text.ts";
 * console.assert(fit("abcdef", 4) === "abc…");
 * console.assert(fit("\x1b[1mabcdef\x1b[0m", 4) === "\x1b[1mabc\x1b[0m…");
 * ```
 */
export function fit(line: string, width: number): string {
  if (cells(line) <= width) return line;
  if (width <= 0) return "";
  let out = "";
  let used = 0;
  let styled = false;
  for (let i = 0; i < line.length;) {
    SGR_AT.lastIndex = i;
    const sgr = SGR_AT.exec(line);
    if (sgr) {
      out += sgr[0];
      styled = sgr[0] !== "\x1b[0m" && sgr[0] !== "\x1b[m";
      i += sgr[0].length;
      continue;
    }
    const cp = line.codePointAt(i)!;
    const w = charWidth(cp);
    if (used + w > width - 1) break;
    out += String.fromCodePoint(cp);
    used += w;
    i += cp > 0xffff ? 2 : 1;
  }
  return out + (styled ? "\x1b[0m" : "") + "…";
}

/** `line` fitted to `width` and padded with spaces to exactly `width` cells. */
export function pad(line: string, width: number, align: "left" | "right" = "left"): string {
  const fitted = fit(line, width);
  const gap = " ".repeat(Math.max(0, width - cells(fitted)));
  return align === "left" ? fitted + gap : gap + fitted;
}

/**
 * `text` broken into lines of at most `width` cells, at spaces where it can, inside a word
 * where a word is longer than a line (no styles: for plain text).
 *
 * @example
 * ```ts
 * import { wrap } from "./_text.ts";
 * console.assert(wrap("ab cd ef", 5).join("|") === "ab cd|ef");
 * console.assert(wrap("abcde", 2).join("|") === "ab|cd|e");
 * ```
 */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = "";
  let used = 0;
  for (const ch of text) {
    const w = charWidth(ch.codePointAt(0)!);
    if (used + w > width && line) {
      const space = line.lastIndexOf(" ");
      if (ch !== " " && space > 0) {
        out.push(line.slice(0, space));
        line = line.slice(space + 1);
      } else {
        out.push(line);
        line = "";
      }
      used = [...line].reduce((n, c) => n + charWidth(c.codePointAt(0)!), 0);
      if (ch === " " && !line) continue;
    }
    line += ch;
    used += w;
  }
  out.push(line);
  return out;
}
