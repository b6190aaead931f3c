/**
 * The `@xterm/headless` terminal behind a screen, and the few places where weft reaches into
 * its internals (pinned to @xterm/headless 6.0.0): the parser, the buffers, and the dirty-row
 * tracker, adjusted so that "which rows changed" means rows whose content changed.
 *
 * @module
 */

import xterm from "@xterm/headless";
import { Unicode11Addon } from "@xterm/addon-unicode11";

/** Lines xterm itself keeps above the screen; older ones live in the compact store. */
const XTERM_SCROLLBACK = 256;

/**
 * Size (code points) of xterm's decode buffer when idle; it grows to the largest piece parsed
 * (16 KiB to start with, 256 KiB for 64 KiB pieces) and a screen shrinks it back after a burst.
 */
export const IDLE_PARSE_BUFFER = 1024;

/** xterm's internal objects, which have no public types. */
// deno-lint-ignore no-explicit-any
export type Internal = any;

/** A terminal and the internals a screen uses. */
export interface Xterm {
  term: xterm.Terminal;
  core: Internal;
  /** xterm's `InputHandler`: `parse(data)` runs the parser synchronously. */
  parser: Internal;
  /** xterm's `BufferSet`: `normal`, `alt`, `active`. */
  buffers: Internal;
}

/**
 * A headless terminal with Unicode 11 widths (emoji are two cells wide, as for glibc's
 * wcwidth and tmux), and clear-screen pushing the screen into the history, as tmux does.
 */
export function createXterm(cols: number, rows: number): Xterm {
  const term = new xterm.Terminal({
    cols,
    rows,
    scrollback: XTERM_SCROLLBACK,
    allowProposedApi: true,
    scrollOnEraseInDisplay: true,
    logLevel: "off",
  });
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = "11";
  const core = (term as Internal)._core;
  const parser = core._inputHandler;
  const buffers = core._bufferService.buffers;
  parser._parseBuffer = new Uint32Array(IDLE_PARSE_BUFFER);
  exactDirtyRows(parser._dirtyRowTracker);
  scrollMarksNewRowsOnly(parser, buffers, () => term.rows);
  return { term, core, parser, buffers };
}

/**
 * xterm's dirty-row tracker starts each parse with the cursor row marked (it repaints the
 * cursor); for "what changed" only rows that were written count, so start it empty.
 */
function exactDirtyRows(tracker: Internal): void {
  const EMPTY = 1 << 30;
  tracker.clearRange = () => {
    tracker.start = EMPTY;
    tracker.end = -1;
  };
  tracker.markDirty = (y: number) => {
    if (y < tracker.start) tracker.start = y;
    if (y > tracker.end) tracker.end = y;
  };
  tracker.markRangeDirty = (a: number, b: number) => {
    if (a > b) [a, b] = [b, a];
    if (a < tracker.start) tracker.start = a;
    if (b > tracker.end) tracker.end = b;
  };
  tracker.clearRange();
}

/**
 * xterm marks every row dirty when the screen scrolls (they all moved on the display). In
 * line numbers, a scroll that pushes the top row into the history changes only the new bottom
 * row and any rows below a bottom margin. (Only xterm's scroll handler calls this method.)
 */
function scrollMarksNewRowsOnly(parser: Internal, buffers: Internal, rows: () => number): void {
  const markRange = parser.markRangeDirty.bind(parser);
  parser.markRangeDirty = (top: number, bottom: number) => {
    const buffer = buffers.active;
    if (buffer !== buffers.normal || buffer.scrollTop !== 0) markRange(top, bottom);
    else markRange(bottom, rows() - 1);
  };
}

/** Rows of `buffer`'s screen up to the last one with content. */
export function contentRows(buffer: Internal, rows: number): number {
  for (let y = rows - 1; y >= 0; y--) {
    if (buffer.lines.get(buffer.ybase + y)?.getTrimmedLength()) return y + 1;
  }
  return 0;
}

/** The path of an OSC 7 `file://host/path` report, percent-decoded. */
export function cwdOfOsc7(data: string): string | undefined {
  const match = /^file:\/\/[^/]*(\/.*)$/.exec(data);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1];
  }
}
