/**
 * Cell widths for the text the client draws itself (labels, status bar, prompt), and cutting
 * such text to fit.
 *
 * @module
 */

import { charWidth, textWidth } from "../../protocols/terminal/width.ts";

export { charWidth, textWidth };

/**
 * Cuts `text` to at most `cols` cells, ending with `…` when something was cut.
 *
 * @example
 * ```ts
 * import { truncate } from "./width.ts";
 * console.assert(truncate("abcdef", 4) === "abc…");
 * ```
 */
export function truncate(text: string, cols: number): string {
  if (textWidth(text) <= cols) return text;
  if (cols <= 0) return "";
  let out = "";
  let used = 0;
  for (const ch of text) {
    const w = charWidth(ch.codePointAt(0)!);
    if (used + w > cols - 1) break;
    out += ch;
    used += w;
  }
  return out + "…";
}
