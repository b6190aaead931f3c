/**
 * The status bar on the last row: session, windows with the current one marked, the focused
 * pane, its unread messages, how many agents are blocked waiting for a human, a clock, and the
 * client's mode or latest message.
 *
 * @module
 */

import { ATTR, type CellGrid, palette, type Style } from "./cells.ts";
import { textWidth, truncate } from "./width.ts";

/** What the status bar shows. */
export interface StatusInfo {
  session: string;
  /** The session's windows; `Z` marks a zoomed one, as tmux's `window_flags`. */
  windows: { index: number; label: string; current: boolean; zoomed?: boolean }[];
  /** The focused pane, e.g. `p3:editor vim`. */
  pane: string;
  blocked: number;
  /** The focused pane's unread messages (the messaging plugin's count). */
  unread?: number;
  /** `HH:MM`. */
  clock: string;
  /** The client's mode (`^B`, `[scroll 3/120]`) or a message; replaces the window list tail. */
  notice?: { text: string; error?: boolean };
}

const BAR: Style = { fg: palette(0), bg: palette(2), attrs: 0 };
const BLOCKED: Style = { fg: palette(15), bg: palette(1), attrs: ATTR.bold };
const UNREAD: Style = { fg: palette(0), bg: palette(6), attrs: ATTR.bold };
const NOTICE: Style = { fg: palette(0), bg: palette(3), attrs: 0 };
const ERROR: Style = { fg: palette(15), bg: palette(1), attrs: ATTR.bold };

/**
 * Draws the status bar on row `y`.
 *
 * @example
 * ```ts
 * import { CellGrid } from "./cells.ts";
 * import { drawStatusBar } from "./status_bar.ts";
 * const grid = new CellGrid(60, 1);
 * drawStatusBar(grid, 0, {
 *   session: "main",
 *   windows: [{ index: 0, label: "w1", current: true }],
 *   pane: "p1 bash",
 *   blocked: 2,
 *   clock: "12:34",
 * });
 * console.assert(grid.toText()[0]!.startsWith("[main] 0:w1*"));
 * ```
 */
export function drawStatusBar(grid: CellGrid, y: number, info: StatusInfo, bar = BAR): void {
  const BAR = bar;
  const CURRENT = { ...bar, attrs: bar.attrs | ATTR.bold | ATTR.inverse };
  grid.fill(0, y, grid.cols, 1, " ", BAR);
  const right: [string, Style][] = [];
  if (info.blocked > 0) right.push([` ◆ ${info.blocked} blocked `, BLOCKED]);
  if (info.unread) right.push([` ✉ ${info.unread} `, UNREAD]);
  const paneLabel: [string, Style] = [` ${info.pane} `, BAR];
  right.push(paneLabel, [` ${info.clock} `, BAR]);
  let rightWidth = right.reduce((n, [t]) => n + textWidth(t), 0);
  // When narrow the pane's label goes first, then the alerts from the left; the clock stays.
  while (right.length > 1 && rightWidth > grid.cols / 2) {
    const at = right.indexOf(paneLabel);
    rightWidth -= textWidth(right.splice(at >= 0 ? at : 0, 1)[0]![0]);
  }
  const leftEnd = grid.cols - rightWidth;
  let x = grid.text(0, y, truncate(`[${info.session}] `, leftEnd), BAR);
  if (info.notice) {
    grid.text(
      x,
      y,
      truncate(` ${info.notice.text} `, leftEnd - x),
      info.notice.error ? ERROR : NOTICE,
    );
  } else {
    for (const w of info.windows) {
      const text = `${w.index}:${w.label}${w.current ? "*" : ""}${w.zoomed ? "Z" : ""}`;
      if (x + textWidth(text) + 1 > leftEnd) break;
      x += grid.text(x, y, text, w.current ? CURRENT : BAR);
      x += grid.text(x, y, " ", BAR);
    }
  }
  let rx = leftEnd;
  for (const [text, style] of right) rx += grid.text(rx, y, text, style);
}
