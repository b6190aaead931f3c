/**
 * The `diff` canvas kind: unified diff text drawn with colours, old/new line numbers and
 * word-level marks on changed line pairs; side by side from 160 columns. `diffTexts` turns two
 * texts into the unified diff this kind draws.
 *
 * @module
 */

import { createTwoFilesPatch } from "diff";
import { WeftError } from "../../../protocols/bus/errors.ts";
import type { Renderer, RenderInput, RenderOutput } from "./types.ts";
import { type DiffLine, type FileDiff, type Hunk, parseDiff } from "./_diff_parse.ts";
import { type Range, wordChanges } from "./_diff_words.ts";
import { Row } from "./_row.ts";

/** Input lines read at most; the rest is counted in a footer. */
const MAX_LINES = 10_000;
/** Lines longer than this are not diffed word by word. */
const MAX_WORD_LINE = 1_000;
/** Runs of removed and added lines up to this long are paired by similarity. */
const PAIR_SEARCH = 8;
/** From this width on, old and new sit side by side (unless `options.sideBySide` says). */
const SIDE_BY_SIDE_WIDTH = 160;
const TAB = 4;

const STYLE = {
  file: "1;34",
  rule: "2;34",
  meta: "2",
  hunk: "36",
  section: "2;36",
  number: "2",
  bar: "2",
  "-": "31",
  "+": "32",
  " ": "",
  "-emph": "1;31;48;5;52",
  "+emph": "1;32;48;5;22",
};

/** One side of a displayed line: sign, number and text with its marked ranges. */
interface Cell {
  line: DiffLine;
  /** Position in the hunk: the unified layout keeps the diff's own order. */
  index: number;
  marks: Range[] | undefined;
}

function expandTabs(text: string): string {
  if (!text.includes("\t")) return text;
  let out = "";
  for (const ch of text) out += ch === "\t" ? " ".repeat(TAB - (out.length % TAB)) : ch;
  return out;
}

/** Pairs each run of removed lines with the added lines after it, marking changed words. */
function cells(hunk: Hunk): [Cell | undefined, Cell | undefined][] {
  const rows: [Cell | undefined, Cell | undefined][] = [];
  const lines = hunk.lines.map((
    l,
  ) => (l.text.includes("\t") ? { ...l, text: expandTabs(l.text) } : l));
  for (let i = 0; i < lines.length;) {
    const line = lines[i]!;
    if (line.kind === " ") {
      const cell = { line, index: i, marks: undefined };
      rows.push([cell, cell]);
      i++;
      continue;
    }
    let j = i;
    while (j < lines.length && lines[j]!.kind === "-") j++;
    let k = j;
    while (k < lines.length && lines[k]!.kind === "+") k++;
    for (const [p, q, marks] of pairRun(lines.slice(i, j), lines.slice(j, k))) {
      rows.push([
        p === undefined ? undefined : { line: lines[i + p]!, index: i + p, marks: marks?.[0] },
        q === undefined ? undefined : { line: lines[j + q]!, index: j + q, marks: marks?.[1] },
      ]);
    }
    i = k;
  }
  return rows;
}

type Marks = [Range[], Range[]] | undefined;
/** Positions in the removed and added runs (either may be missing) and the word marks. */
type Pair = [number | undefined, number | undefined, Marks];

function marksOf(old: DiffLine, neu: DiffLine): Marks {
  return old.text.length <= MAX_WORD_LINE && neu.text.length <= MAX_WORD_LINE
    ? wordChanges(old.text, neu.text)
    : undefined;
}

/** The share of a line's text left unmarked. */
function kept(text: string, ranges: Range[]): number {
  return 1 - ranges.reduce((n, [a, b]) => n + b - a, 0) / Math.max(1, text.length);
}

/**
 * Pairs a run of removed lines with the added lines after it: line by line when the counts
 * match (or the run is long), else each removed line with the most similar added line still
 * ahead, so `-return 1` meets `+return 2` and not the comment added above it.
 */
function pairRun(removed: DiffLine[], added: DiffLine[]): Pair[] {
  const out: Pair[] = [];
  if (
    removed.length === added.length || removed.length > PAIR_SEARCH || added.length > PAIR_SEARCH
  ) {
    for (let p = 0; p < Math.max(removed.length, added.length); p++) {
      const old = removed[p], neu = added[p];
      out.push([
        old ? p : undefined,
        neu ? p : undefined,
        old && neu ? marksOf(old, neu) : undefined,
      ]);
    }
    return out;
  }
  let next = 0;
  removed.forEach((old, p) => {
    let best: [number, Marks, number] | undefined;
    for (let q = next; q < added.length; q++) {
      const marks = marksOf(old, added[q]!);
      if (!marks) continue;
      const score = kept(old.text, marks[0]) + kept(added[q]!.text, marks[1]);
      if (!best || score > best[2]) best = [q, marks, score];
    }
    if (!best) return void out.push([p, undefined, undefined]);
    for (; next < best[0]; next++) out.push([undefined, next, undefined]);
    out.push([p, best[0], best[1]]);
    next = best[0] + 1;
  });
  for (; next < added.length; next++) out.push([undefined, next, undefined]);
  return out;
}

function addText(row: Row, cell: Cell): void {
  const { kind, text } = cell.line;
  const base = STYLE[kind];
  if (!cell.marks) return void row.add(text, base);
  const emph = kind === "-" ? STYLE["-emph"] : STYLE["+emph"];
  let at = 0;
  for (const [start, end] of cell.marks) {
    row.add(text.slice(at, start), base).add(text.slice(start, end), emph);
    at = end;
  }
  row.add(text.slice(at), base);
}

function num(n: number | undefined, width: number): string {
  return n === undefined ? " ".repeat(width) : String(n).padStart(width);
}

function unified(
  rows: [Cell | undefined, Cell | undefined][],
  nw: number,
  width: number,
): string[] {
  const out: string[] = [];
  const emit = (cell: Cell) => {
    const row = new Row(width).add(
      `${num(cell.line.old, nw)} ${num(cell.line.new, nw)} `,
      STYLE.number,
    )
      .add("│", STYLE.bar).add(cell.line.kind, STYLE[cell.line.kind]);
    addText(row, cell);
    out.push(row.toString());
    if (cell.line.noEol) {
      out.push(
        new Row(width).add(`${" ".repeat(2 * nw + 2)}│\\ No newline at end of file`, STYLE.meta)
          .toString(),
      );
    }
  };
  const all = new Set<Cell>();
  for (const [old, neu] of rows) {
    if (old) all.add(old);
    if (neu) all.add(neu);
  }
  for (const cell of [...all].sort((a, b) => a.index - b.index)) emit(cell);
  return out;
}

function half(cell: Cell | undefined, nw: number, width: number, side: "old" | "new"): string {
  const row = new Row(width);
  if (!cell) return row.fill().toString();
  const n = cell.line[side];
  row.add(`${num(n, nw)} `, STYLE.number).add(cell.line.kind, STYLE[cell.line.kind]);
  addText(row, cell);
  if (cell.line.noEol) row.add(" ∅", STYLE.meta);
  return row.fill().toString();
}

function sideBySide(
  rows: [Cell | undefined, Cell | undefined][],
  nw: number,
  width: number,
): string[] {
  const left = Math.floor((width - 1) / 2), right = width - 1 - left;
  const bar = `\x1b[${STYLE.bar}m│\x1b[0m`;
  return rows.map(([old, neu]) => half(old, nw, left, "old") + bar + half(neu, nw, right, "new"));
}

/** Header lines worth showing: not those the file name line says already. */
function shownMeta(file: FileDiff): string[] {
  return file.meta.filter((m) => !/^(diff |index |Index: |=+$)/.test(m));
}

function fileHeader(file: FileDiff, width: number): string[] {
  const { oldName, newName } = file;
  const name =
    oldName && newName && oldName !== newName && oldName !== "/dev/null" && newName !== "/dev/null"
      ? `${oldName} → ${newName}`
      : newName && newName !== "/dev/null"
      ? newName
      : oldName;
  const out: string[] = [];
  if (name) {
    const row = new Row(width).add(name, STYLE.file).add(" ");
    out.push(row.add("─".repeat(Math.max(0, width - row.used)), STYLE.rule).toString());
  }
  for (const meta of shownMeta(file)) {
    out.push(new Row(width).add(meta, STYLE.meta).toString());
  }
  return out;
}

function hunkHeader(hunk: Hunk, width: number): string {
  const range = `@@ -${hunk.oldStart},${hunk.oldCount} +${hunk.newStart},${hunk.newCount} @@`;
  return new Row(width).add(range, STYLE.hunk).add(
    hunk.section ? ` ${hunk.section}` : "",
    STYLE.section,
  ).toString();
}

/**
 * Renders unified diff text. `options.sideBySide` (boolean) overrides the width rule.
 *
 * @example
 * ```ts
 * import { render } from "./diff.ts";
 * const { lines } = render({ content: "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n", width: 40, height: 10 });
 * console.assert(lines.length === 4);
 * ```
 */
export const render: Renderer = (input: RenderInput): RenderOutput => {
  const width = Math.max(1, Math.floor(input.width));
  const { files, more } = parseDiff(input.content, MAX_LINES);
  const split = typeof input.options?.sideBySide === "boolean"
    ? input.options.sideBySide
    : width >= SIDE_BY_SIDE_WIDTH;
  const lines: string[] = [];
  if (input.title) lines.push(new Row(width).add(input.title, "1").toString());
  const shown = files.filter((f) => f.hunks.length || shownMeta(f).length);
  if (!shown.length) lines.push(new Row(width).add("No changes", STYLE.meta).toString());
  for (const file of shown) {
    lines.push(...fileHeader(file, width));
    const last = file.hunks.reduce(
      (n, h) => Math.max(n, h.oldStart + h.oldCount, h.newStart + h.newCount),
      1,
    );
    const nw = String(last).length;
    for (const hunk of file.hunks) {
      lines.push(hunkHeader(hunk, width));
      const rows = cells(hunk);
      lines.push(...(split ? sideBySide(rows, nw, width) : unified(rows, nw, width)));
    }
  }
  if (more) lines.push(new Row(width).add(`… ${more} more lines`, STYLE.meta).toString());
  return { lines };
};

/**
 * The unified diff of two texts (3 lines of context), as `render` draws it. Throws `TOO_LARGE`
 * when the texts differ too much to diff within a second.
 *
 * @example
 * ```ts
 * import { diffTexts } from "./diff.ts";
 * console.assert(diffTexts("a\n", "b\n", { oldName: "x", newName: "x" }).includes("-a\n+b"));
 * ```
 */
export function diffTexts(
  oldText: string,
  newText: string,
  options: { oldName?: string; newName?: string; context?: number } = {},
): string {
  const patch = createTwoFilesPatch(
    options.oldName ?? "old",
    options.newName ?? "new",
    oldText,
    newText,
    undefined,
    undefined,
    { context: options.context ?? 3, timeout: 1000 },
  );
  if (patch === undefined) {
    throw new WeftError(
      "TOO_LARGE",
      "Cannot diff the two texts: they differ too much to diff within 1 s",
    );
  }
  return patch;
}
