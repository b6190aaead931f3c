/**
 * Builds one frame: the panes from their mirrors, the borders and labels, the status bar or the
 * prompt, the help overlay; and says where the cursor goes.
 *
 * @module
 */

import { ATTR, CellGrid, palette, type Style } from "./cells.ts";
import { drawChrome, type PaneLabel, windowRects, type WindowView } from "./chrome.ts";
import { drawTerminal } from "./draw_terminal.ts";
import { drawHelp } from "./help.ts";
import type { PaneMirror } from "./pane_mirror.ts";
import type { CursorPlace } from "./renderer.ts";
import type { ScrollView } from "./scroll.ts";
import { drawStatusBar, type StatusInfo } from "./status_bar.ts";
import { textWidth, truncate } from "./width.ts";

/** Rows the client keeps for itself: the label row on top, the status bar at the bottom. */
export const CHROME_ROWS = 2;

/** Everything a frame is drawn from. */
export interface FrameInput {
  cols: number;
  rows: number;
  window: WindowView | undefined;
  labels: ReadonlyMap<string, PaneLabel>;
  mirrors: ReadonlyMap<string, PaneMirror>;
  status: StatusInfo;
  scroll?: ScrollView | undefined;
  /** A prompt on the status row: `label` then the editor's text and cursor. */
  prompt?: { label: string; text: string; cursor: number } | undefined;
  help?: { prefix: string; offset: number } | undefined;
}

const PROMPT: Style = { fg: palette(0), bg: palette(3), attrs: 0 };
const POSITION: Style = { fg: palette(0), bg: palette(3), attrs: 0 };
const EMPTY: Style = { fg: palette(8), bg: 0, attrs: 0 };

/**
 * Draws a frame into a new grid of the terminal's size; returns it with the cursor place
 * (null: hidden). The help overlay reports how far it can scroll in `helpOverflow`.
 */
export function composeFrame(
  input: FrameInput,
): { grid: CellGrid; cursor: CursorPlace | null; helpOverflow: number } {
  const grid = new CellGrid(input.cols, input.rows);
  let cursor: CursorPlace | null = null;
  const window = input.window;
  if (window) {
    const rects = windowRects(window);
    for (const [id, rect] of rects) {
      const mirror = input.mirrors.get(id);
      if (!mirror || rect.cols <= 0 || rect.rows <= 0) continue;
      const area = { x: rect.x, y: rect.y + 1, cols: rect.cols, rows: rect.rows };
      const scroll = input.scroll?.pane === id ? input.scroll : undefined;
      const buffer = mirror.term.buffer.active;
      const offset = scroll ? buffer.baseY - scroll.top(scrollBuffer(mirror)) : 0;
      drawTerminal(mirror.term, grid, area, offset);
      if (scroll) drawScrollMarks(grid, area, scroll, buffer.baseY - offset, buffer.baseY);
      else if (id === window.focused && !mirror.modes.cursorHidden) {
        const { cursorX, cursorY } = buffer;
        if (cursorX < rect.cols && cursorY < rect.rows) {
          cursor = { x: area.x + cursorX, y: area.y + cursorY };
        }
      }
    }
    drawChrome(grid, window, { top: 1, labels: input.labels });
    const usedCols = Math.min(input.cols, window.size.cols);
    const usedRows = Math.min(input.rows - 1, window.size.rows + 1);
    if (usedCols < input.cols) {
      grid.fill(usedCols, 0, input.cols - usedCols, input.rows - 1, "·", EMPTY);
    }
    if (usedRows < input.rows - 1) {
      grid.fill(0, usedRows, input.cols, input.rows - 1 - usedRows, "·", EMPTY);
    }
  }
  const last = input.rows - 1;
  if (input.prompt) {
    const { label, text, cursor: at } = input.prompt;
    grid.fill(0, last, input.cols, 1, " ", PROMPT);
    const x = grid.text(0, last, label, PROMPT);
    const room = input.cols - x - 1;
    const before = textWidth(text.slice(0, at));
    const shift = Math.max(0, before - room);
    grid.text(x, last, sliceCells(text, shift, room + 1), PROMPT);
    cursor = { x: Math.min(input.cols - 1, x + before - shift), y: last };
  } else {
    drawStatusBar(grid, last, input.status);
  }
  let helpOverflow = 0;
  if (input.help) {
    helpOverflow = drawHelp(grid, input.help.prefix, input.help.offset);
    cursor = null;
  }
  return { grid, cursor, helpOverflow };
}

/** A mirror's history as scroll mode sees it. */
export function scrollBuffer(mirror: PaneMirror) {
  const buffer = mirror.term.buffer.active;
  return {
    baseY: buffer.baseY,
    rows: mirror.term.rows,
    lineText: (i: number) => buffer.getLine(i)?.translateToString(true) ?? "",
  };
}

function drawScrollMarks(
  grid: CellGrid,
  area: { x: number; y: number; cols: number; rows: number },
  scroll: ScrollView,
  top: number,
  baseY: number,
): void {
  const match = scroll.match;
  if (match && match.line >= top && match.line < top + area.rows) {
    const y = area.y + match.line - top;
    for (let c = match.col; c < Math.min(area.cols, match.col + match.length); c++) {
      const i = y * grid.cols + area.x + c;
      grid.attrs[i] = grid.attrs[i]! ^ ATTR.inverse;
    }
  }
  const mark = truncate(`[${baseY - top}/${baseY}]`, area.cols);
  grid.text(area.x + area.cols - textWidth(mark), area.y, mark, POSITION);
}

/** The part of `text` from cell `start`, at most `cols` cells. */
function sliceCells(text: string, start: number, cols: number): string {
  let used = 0;
  let out = "";
  for (const ch of text) {
    const w = textWidth(ch);
    used += w;
    if (used <= start) continue;
    if (used - start > cols) break;
    out += ch;
  }
  return out;
}
