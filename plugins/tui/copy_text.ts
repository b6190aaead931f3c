/**
 * Text helpers of copy mode: every match of a search term in a buffer, and moves by word.
 *
 * @module
 */

import type { CopyBuffer, Point } from "./copy_mode.ts";

/** A search hit: absolute line, column, length. */
export interface Match {
  line: number;
  col: number;
  length: number;
}

/**
 * Every match of `term` in the buffer, oldest first; a lowercase term matches any case.
 *
 * @example
 * ```ts
 * import { findMatches } from "./copy_text.ts";
 * const lines = ["a Foo foo", "foo"];
 * const buffer = { baseY: 0, rows: 2, lineText: (i: number) => lines[i] ?? "" };
 * console.assert(findMatches("foo", buffer).length === 3);
 * console.assert(findMatches("Foo", buffer).length === 1);
 * ```
 */
export function findMatches(
  term: string,
  buffer: Pick<CopyBuffer, "baseY" | "rows" | "lineText">,
): Match[] {
  const fold = term === term.toLowerCase();
  const needle = fold ? term.toLowerCase() : term;
  const out: Match[] = [];
  const last = buffer.baseY + buffer.rows;
  for (let line = 0; line < last; line++) {
    let text = buffer.lineText(line);
    if (text.length < needle.length) continue;
    if (fold) text = text.toLowerCase();
    for (let col = text.indexOf(needle); col >= 0; col = text.indexOf(needle, col + 1)) {
      out.push({ line, col, length: needle.length });
    }
  }
  return out;
}

/** 0: blank, 1: word character, 2: other (punctuation), as vi tells words apart. */
function kind(ch: string | undefined): number {
  if (ch === undefined || /\s/.test(ch)) return 0;
  return /[\p{L}\p{N}_]/u.test(ch) ? 1 : 2;
}

/**
 * Where a word move from `at` lands: `next-word` (start of the next word), `next-word-end`
 * (end of this or the next word), `previous-word` (start of this or the previous word).
 * Moves cross line ends.
 *
 * @example
 * ```ts
 * import { wordMove } from "./copy_text.ts";
 * const lines = ["one two", "three"];
 * const buffer = { baseY: 0, rows: 2, lineText: (i: number) => lines[i] ?? "" };
 * console.assert(wordMove("next-word", { line: 0, col: 0 }, buffer).col === 4);
 * console.assert(wordMove("next-word", { line: 0, col: 4 }, buffer).line === 1);
 * ```
 */
export function wordMove(
  move: "next-word" | "next-word-end" | "previous-word",
  at: Point,
  buffer: Pick<CopyBuffer, "baseY" | "rows" | "lineText">,
): Point {
  const last = buffer.baseY + buffer.rows - 1;
  // The lines joined by a blank, walked as one string around the cursor's line.
  const from = Math.max(0, at.line - 1);
  const to = Math.min(last, at.line + 1);
  const starts: number[] = [];
  let text = "";
  for (let l = from; l <= to; l++) {
    starts.push(text.length);
    text += buffer.lineText(l) + " ";
  }
  let i = starts[at.line - from]! + at.col;
  const step = move === "previous-word" ? -1 : 1;
  if (move === "next-word") {
    const k = kind(text[i]);
    while (i < text.length && k !== 0 && kind(text[i]) === k) i++;
    while (i < text.length && kind(text[i]) === 0) i++;
  } else {
    i += step;
    while (i >= 0 && i < text.length && kind(text[i]) === 0) i += step;
    const k = kind(text[i]);
    while (kind(text[i + step]) === k && k !== 0 && i + step >= 0 && i + step < text.length) {
      i += step;
    }
  }
  i = Math.max(0, Math.min(text.length - 1, i));
  let line = starts.length - 1;
  while (line > 0 && starts[line]! > i) line--;
  const point = { line: from + line, col: i - starts[line]! };
  // Walking off the joined lines: go on from the next ones.
  if (move === "next-word" && i >= text.length - 1 && to < last) {
    return wordMove(move, { line: to, col: buffer.lineText(to).length }, buffer);
  }
  return point;
}
