/**
 * What a screen gives back when its pane has been quiet for a while: the lines above xterm's
 * viewport (up to its 256 lines of scrollback, three 32-bit words per cell: ~1 KiB a row at 80
 * columns) move into the compact history store, which keeps them as UTF-8 and SGR runs (~80
 * bytes a row), and the store's open chunk is trimmed to what it holds. Line numbers do not
 * change: a line's number is the history's end plus its place in xterm's buffer.
 *
 * @module
 */

import type { Internal } from "./_xterm.ts";

/** Quiet time after which a screen gives its spare memory back. */
export const QUIET_MS = 2000;

/**
 * Trims every line above the viewport off xterm's normal buffer; the screen's trim hook moves
 * each into the history as it goes. Returns how many lines moved. Only when the normal buffer
 * is the active one (a full-screen program's alternate screen keeps the normal one as it is).
 */
export function moveScrollback(buffers: Internal): number {
  const normal = buffers.normal;
  const n: number = normal.ybase;
  if (buffers.active !== normal || n <= 0) return 0;
  const lines = normal.lines;
  // The list keeps references in its ring after a trim; drop them so the rows can go.
  const slots: number[] = [];
  for (let k = 0; k < n; k++) slots.push(lines._getCyclicIndex(k));
  lines.trimStart(n);
  for (const slot of slots) lines._array[slot] = undefined;
  normal.ybase -= n;
  normal.ydisp = Math.max(0, normal.ydisp - n);
  return n;
}
