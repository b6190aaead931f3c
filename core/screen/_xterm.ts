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
    // Answer "how big is the text area" (CSI 18 t); pixel sizes stay unknown.
    windowOptions: { getWinSizeChars: true },
  });
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = "11";
  const core = (term as Internal)._core;
  const parser = core._inputHandler;
  const buffers = core._bufferService.buffers;
  parser._parseBuffer = new Uint32Array(IDLE_PARSE_BUFFER);
  asciiWidthsFirst(parser._unicodeService);
  exactDirtyRows(parser._dirtyRowTracker);
  scrollMarksNewRowsOnly(parser, buffers, () => term.rows);
  return { term, core, parser, buffers };
}

/**
 * xterm asks the Unicode 11 provider for every printed character's width and joining (three
 * calls deep, ~4 % of a plain flood's parse in a profile); printable ASCII is always one cell
 * wide and never joins the character before it, so its answer is the same every time.
 */
function asciiWidthsFirst(unicode: Internal): void {
  const lookUp = unicode.charProperties.bind(unicode);
  const ascii = lookUp(0x41, 0);
  unicode.charProperties = (code: number, preceding: number) =>
    code >= 0x20 && code < 0x7f ? ascii : lookUp(code, preceding);
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

/** What a screen answers for its colours: a dark terminal with xterm's palette. */
const DEFAULT_FG = [0xe5, 0xe5, 0xe5];
const DEFAULT_BG = [0, 0, 0];
const PALETTE_16 = [
  [0, 0, 0],
  [0xcd, 0, 0],
  [0, 0xcd, 0],
  [0xcd, 0xcd, 0],
  [0, 0, 0xee],
  [0xcd, 0, 0xcd],
  [0, 0xcd, 0xcd],
  [0xe5, 0xe5, 0xe5],
  [0x7f, 0x7f, 0x7f],
  [0xff, 0, 0],
  [0, 0xff, 0],
  [0xff, 0xff, 0],
  [0x5c, 0x5c, 0xff],
  [0xff, 0, 0xff],
  [0, 0xff, 0xff],
  [0xff, 0xff, 0xff],
];

/** xterm's colour `index` (0–255) as [r, g, b]. */
function paletteColor(index: number): number[] {
  if (index < 16) return PALETTE_16[index]!;
  if (index < 232) {
    const steps = [0, 0x5f, 0x87, 0xaf, 0xd7, 0xff];
    const i = index - 16;
    return [steps[Math.floor(i / 36)]!, steps[Math.floor(i / 6) % 6]!, steps[i % 6]!];
  }
  const grey = 8 + (index - 232) * 10;
  return [grey, grey, grey];
}

function rgbSpec([r, g, b]: number[]): string {
  const hex = (v: number) => v.toString(16).padStart(2, "0").repeat(2);
  return `rgb:${hex(r!)}/${hex(g!)}/${hex(b!)}`;
}

/**
 * Answers colour queries that xterm.js leaves to a renderer a headless terminal does not have:
 * OSC 10/11/12 `?` (default foreground, background, cursor) and OSC 4 `n;?` (palette), so a
 * program that asks (to pick a light or dark theme) and waits gets an answer.
 */
export function answerColorQueries(term: xterm.Terminal, reply: (data: string) => void): void {
  const ST = "\x1b\\";
  const answer = (code: number, rgb: number[]) => (data: string) => {
    if (data !== "?") return false;
    reply(`\x1b]${code};${rgbSpec(rgb)}${ST}`);
    return true;
  };
  term.parser.registerOscHandler(10, answer(10, DEFAULT_FG));
  term.parser.registerOscHandler(11, answer(11, DEFAULT_BG));
  term.parser.registerOscHandler(12, answer(12, DEFAULT_FG));
  term.parser.registerOscHandler(4, (data) => {
    const parts = data.split(";");
    if (parts.length % 2 || !parts.some((p, i) => i % 2 === 1 && p === "?")) return false;
    for (let i = 0; i < parts.length; i += 2) {
      const index = Number(parts[i]);
      if (parts[i + 1] !== "?" || !Number.isInteger(index) || index < 0 || index > 255) continue;
      reply(`\x1b]4;${index};${rgbSpec(paletteColor(index))}${ST}`);
    }
    return true;
  });
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
