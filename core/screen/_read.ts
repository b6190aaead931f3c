/**
 * Reading lines out of a screen: the history store below, xterm's buffer on top, numbered as
 * one sequence from the start of the pane. Chooses the window for a read mode, extends it to
 * whole logical lines when wrapped lines are joined, and renders plain or ANSI text.
 *
 * @module
 */

import type { History } from "./_history.ts";
import { type CellLine, rowOfLine, trimSpaces } from "./_rows.ts";
import { AttrTable } from "./_sgr.ts";
import { LineWriter } from "./_writer.ts";

/** The parts of xterm's internal `Buffer` a read touches. */
export interface XBuffer {
  readonly lines: { get(index: number): CellLine | undefined; readonly length: number };
  readonly ybase: number;
  readonly x: number;
  readonly y: number;
}

/** Everything a read looks at. */
export interface ReadView {
  history: History;
  normal: XBuffer;
  active: XBuffer;
  rows: number;
}

const NO_ATTRS = new AttrTable();

/** How far back a joined read looks for the start of a logical line. */
const MAX_JOIN_BACK = 10_000;

/** Number of the top row of the visible screen. */
export function viewTop(view: ReadView): number {
  return view.history.end + view.normal.ybase;
}

/** The live (not yet stored) line numbered `n`, if any. */
export function liveLine(view: ReadView, n: number): CellLine | undefined {
  const i = n - view.history.end;
  if (i < 0) return undefined;
  if (i < view.normal.ybase) return view.normal.lines.get(i);
  const y = i - view.normal.ybase;
  return y < view.rows ? view.active.lines.get(view.active.ybase + y) : undefined;
}

/** One past the last visible row that has content (blank rows at the bottom are left out). */
export function contentEnd(view: ReadView): number {
  let y = view.rows - 1;
  while (y >= 0 && !view.active.lines.get(view.active.ybase + y)?.getTrimmedLength()) y--;
  return viewTop(view) + y + 1;
}

function isWrapped(view: ReadView, n: number): boolean {
  if (n < view.history.end) return view.history.isWrapped(n);
  return liveLine(view, n)?.isWrapped ?? false;
}

/** Moves `from` back to the first row of the logical line it is part of. */
export function logicalStart(view: ReadView, from: number): number {
  const floor = Math.max(view.history.start, from - MAX_JOIN_BACK);
  while (from > floor && isWrapped(view, from)) from--;
  return from;
}

/** Renders rows `[from, to)`. */
export function renderLines(
  view: ReadView,
  from: number,
  to: number,
  options: { ansi: boolean; joinWrapped: boolean },
): string {
  const split = Math.min(Math.max(from, view.history.end), to);
  if (!options.ansi && !options.joinWrapped) {
    const out: string[] = [];
    view.history.plain(from, split, out);
    for (let n = split; n < to; n++) {
      out.push(trimSpaces(liveLine(view, n)?.translateToString(true) ?? ""));
    }
    return out.join("\n");
  }
  const perRow = view.history.bytesPerRow() * (options.ansi ? 2 : 1.1);
  const writer = new LineWriter(options, (to - from) * perRow);
  view.history.write(from, split, writer);
  for (let n = split; n < to; n++) {
    const line = liveLine(view, n);
    if (!line) writer.row("", 0, 0, false, undefined, 0, 0, NO_ATTRS);
    else {
      const row = rowOfLine(line);
      const runs = row.runs;
      writer.row(row.text, 0, row.text.length, row.wrapped, runs, 0, runs?.length ?? 0, row.attrs);
    }
  }
  return writer.finish();
}
