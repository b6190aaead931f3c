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
import { drawTree, type TreeItem } from "./tree.ts";
import type { Theme } from "./user_config.ts";
import type { PaneMirror } from "./pane_mirror.ts";
import type { CursorPlace } from "./renderer.ts";
import type { CopyCommand } from "./copy_keys.ts";
import type { CopyBuffer, CopyMode } from "./copy_mode.ts";
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
  /** The user's colours. */
  theme?: Theme;
  /** The tree chooser, when open: drawn over the window. */
  tree?:
    | { items: TreeItem[]; index: number; preview: string[]; question?: string | undefined }
    | undefined;
  /** Copy mode, when on: its pane shows its view, selection and matches. */
  copy?: CopyMode | undefined;
  /** A prompt on the status row: `label` then the editor's text and cursor. */
  prompt?: { label: string; text: string; cursor: number } | undefined;
  help?:
    | { prefix: string; offset: number; copyKeys: Readonly<Record<string, CopyCommand>> }
    | undefined;
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
      const copy = input.copy?.pane === id ? input.copy : undefined;
      const buffer = mirror.term.buffer.active;
      const offset = copy ? buffer.baseY - copy.top(copyBuffer(mirror)) : 0;
      drawTerminal(mirror.term, grid, area, offset);
      if (copy) {
        const at = drawCopyMarks(grid, area, copy, buffer.baseY - offset, buffer.baseY);
        if (at) cursor = at;
      } else if (id === window.focused && !mirror.modes.cursorHidden) {
        const { cursorX, cursorY } = buffer;
        if (cursorX < rect.cols && cursorY < rect.rows) {
          cursor = { x: area.x + cursorX, y: area.y + cursorY };
        }
      }
    }
    drawChrome(grid, window, { top: 1, labels: input.labels, theme: input.theme ?? {} });
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
    drawStatusBar(grid, last, input.status, input.theme?.status);
  }
  if (input.tree) {
    drawTree(grid, { top: 0, bottom: input.rows - 1 }, {
      ...input.tree,
      asking: input.tree.question,
    });
    cursor = null;
  }
  let helpOverflow = 0;
  if (input.help) {
    helpOverflow = drawHelp(grid, input.help.prefix, input.help);
    cursor = null;
  }
  return { grid, cursor, helpOverflow };
}

/** A mirror's history as copy mode sees it. */
export function copyBuffer(mirror: PaneMirror): CopyBuffer {
  const buffer = mirror.term.buffer.active;
  return {
    baseY: buffer.baseY,
    rows: mirror.term.rows,
    cols: mirror.term.cols,
    lineText: (i) => buffer.getLine(i)?.translateToString(true) ?? "",
    slice: (i, start, end) => buffer.getLine(i)?.translateToString(true, start, end) ?? "",
    wrapped: (i) => buffer.getLine(i)?.isWrapped ?? false,
    screen: mirror.term,
  };
}

/** Inverts the selection and the current match, marks the position; returns the cursor. */
function drawCopyMarks(
  grid: CellGrid,
  area: { x: number; y: number; cols: number; rows: number },
  copy: CopyMode,
  top: number,
  baseY: number,
): CursorPlace | null {
  const invert = (row: number, from: number, to: number) => {
    const y = area.y + row;
    for (let c = Math.max(0, from); c < Math.min(area.cols, to); c++) {
      const i = y * grid.cols + area.x + c;
      grid.attrs[i] = grid.attrs[i]! ^ ATTR.inverse;
    }
  };
  for (let row = 0; row < area.rows; row++) {
    const cols = copy.selectedCols(top + row, area.cols);
    if (cols) invert(row, cols[0], cols[1]);
  }
  const match = copy.match;
  if (match && match.line >= top && match.line < top + area.rows) {
    invert(match.line - top, match.col, match.col + match.length);
  }
  const mark = truncate(`[${baseY - top}/${baseY}]`, area.cols);
  grid.text(area.x + area.cols - textWidth(mark), area.y, mark, POSITION);
  const { line, col } = copy.cursor;
  if (line < top || line >= top + area.rows || col >= area.cols) return null;
  return { x: area.x + col, y: area.y + line - top };
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
