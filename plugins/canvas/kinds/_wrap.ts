/**
 * Word wrapping of styled text for the canvas kinds.
 *
 * @module
 */

import { cells } from "./_row.ts";

/** A piece of text in one style (SGR parameters, `""` for none). `"\n"` alone forces a break. */
export interface Span {
  text: string;
  sgr: string;
}

interface Word {
  pieces: Span[];
  width: number;
  space: string | undefined; // the style of the whitespace before it, if any
}

/** Splits spans into words (runs of non-space text, possibly across styles). */
function words(spans: Span[]): (Word | "\n")[] {
  const out: (Word | "\n")[] = [];
  let word: Word | undefined;
  let space: string | undefined;
  for (const span of spans) {
    if (span.text === "\n") {
      out.push("\n");
      word = space = undefined;
      continue;
    }
    for (const part of span.text.split(/(\s+)/)) {
      if (part === "") continue;
      if (/^\s/.test(part)) {
        word = undefined;
        space = span.sgr;
        continue;
      }
      if (!word) {
        word = { pieces: [], width: 0, space };
        out.push(word);
        space = undefined;
      }
      word.pieces.push({ text: part, sgr: span.sgr });
      word.width += cells(part);
    }
  }
  return out;
}

/** Cuts spans after `n` cells: [head, tail, cells of head]. */
function cut(pieces: Span[], n: number): [Span[], Span[], number] {
  const head: Span[] = [];
  let used = 0;
  for (let p = 0; p < pieces.length; p++) {
    const piece = pieces[p]!;
    const w = cells(piece.text);
    if (used + w <= n) {
      head.push(piece);
      used += w;
      continue;
    }
    let i = 0;
    for (const ch of piece.text) {
      const cw = cells(ch);
      if (used + cw > n) break;
      used += cw;
      i += ch.length;
    }
    if (i === 0 && head.length === 0) i = piece.text.codePointAt(0)! > 0xffff ? 2 : 1;
    if (i > 0) head.push({ text: piece.text.slice(0, i), sgr: piece.sgr });
    const rest = { text: piece.text.slice(i), sgr: piece.sgr };
    if (i > 0 && used === 0) used = cells(piece.text.slice(0, i));
    return [head, rest.text ? [rest, ...pieces.slice(p + 1)] : pieces.slice(p + 1), used];
  }
  return [head, [], used];
}

/**
 * Word-wraps styled spans into lines of at most `width` cells; runs of whitespace become one
 * space, words longer than a line are cut. Always returns at least one (maybe empty) line.
 *
 * @example
 * ```ts
 * import { wrapSpans } from "./_wrap.ts";
 * const lines = wrapSpans([{ text: "one two three", sgr: "" }], 7);
 * console.assert(lines.map((l) => l.map((s) => s.text).join("")).join("|") === "one two|three");
 * ```
 */
export function wrapSpans(spans: Span[], width: number): Span[][] {
  const w = Math.max(1, width);
  const lines: Span[][] = [[]];
  let col = 0;
  for (const word of words(spans)) {
    if (word === "\n") {
      lines.push([]);
      col = 0;
      continue;
    }
    let line = lines[lines.length - 1]!;
    const gap = col > 0 && word.space !== undefined ? 1 : 0;
    if (col + gap + word.width <= w) {
      if (gap) line.push({ text: " ", sgr: word.space! });
      line.push(...word.pieces);
      col += gap + word.width;
      continue;
    }
    let rest = word.pieces;
    let restWidth = word.width;
    if (restWidth <= w || col + gap >= w) {
      if (col > 0) lines.push(line = []);
      col = 0;
    } else if (gap) {
      line.push({ text: " ", sgr: word.space! });
      col += 1;
    }
    while (col + restWidth > w) {
      const [head, tail, used] = cut(rest, w - col);
      line.push(...head);
      lines.push(line = []);
      col = 0;
      rest = tail;
      restWidth -= used;
    }
    line.push(...rest);
    col += restWidth;
  }
  return lines;
}
