/**
 * A screen row with which of its characters are drawn in a foreground colour. Claude Code draws
 * its own prose in the terminal's default colour and code (inline and fenced) in a colour, so
 * a tag shown as code can be told from a tag the agent wrote.
 *
 * @module
 */

/** A row's text and, per UTF-16 unit, 1 where a foreground colour is set. */
export interface ScreenLine {
  text: string;
  coloured?: Uint8Array;
}

// deno-lint-ignore no-control-regex
const SGR = /\x1b\[([0-9;:]*)m|\x1b\[[0-?]*[ -/]*[@-~]|\x1b[^[]/g;

/**
 * Reads a row rendered with SGR sequences (as `pane.read` with `ansi: true` gives it).
 *
 * @example
 * ```ts
 * import { styledLine } from "./styled_line.ts";
 * const row = styledLine("a \x1b[0;38;5;153mcode\x1b[0m b");
 * console.assert(row.text === "a code b");
 * console.assert(row.coloured?.[2] === 1 && row.coloured?.[7] === 0);
 * ```
 */
export function styledLine(ansi: string): ScreenLine {
  if (!ansi.includes("\x1b")) return { text: ansi };
  let text = "";
  const marks: number[] = [];
  let coloured = 0;
  let at = 0;
  for (const match of ansi.matchAll(SGR)) {
    const piece = ansi.slice(at, match.index);
    text += piece;
    for (let i = 0; i < piece.length; i++) marks.push(coloured);
    at = match.index + match[0].length;
    if (match[1] !== undefined) coloured = foreground(match[1], coloured);
  }
  const piece = ansi.slice(at);
  text += piece;
  for (let i = 0; i < piece.length; i++) marks.push(coloured);
  return { text, coloured: Uint8Array.from(marks) };
}

/** Whether a foreground colour is set after an SGR sequence with these parameters. */
function foreground(params: string, was: number): number {
  const list = params === "" ? ["0"] : params.split(/[;:]/);
  let now = was;
  for (let i = 0; i < list.length; i++) {
    const p = Number(list[i]);
    if (p === 0 || p === 39) now = 0;
    else if ((p >= 30 && p <= 37) || (p >= 90 && p <= 97)) now = 1;
    else if (p === 38) {
      now = 1;
      i += list[i + 1] === "5" ? 2 : 4;
    } else if (p === 48) i += list[i + 1] === "5" ? 2 : 4;
  }
  return now;
}
