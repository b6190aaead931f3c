/**
 * Copies cells from a headless xterm buffer into a frame: characters, widths, colours and
 * attributes, as the pane's program drew them.
 *
 * @module
 */

import type { IBufferCell as Cell, Terminal } from "@xterm/headless";
import { ATTR, type CellGrid, palette, rgb, type Style } from "./cells.ts";
import type { Rect } from "../../protocols/layout/tree/mod.ts";

/** The style of an xterm cell in the frame's encoding. */
export function cellStyle(cell: Cell): Style {
  let attrs = 0;
  if (cell.isBold()) attrs |= ATTR.bold;
  if (cell.isDim()) attrs |= ATTR.dim;
  if (cell.isItalic()) attrs |= ATTR.italic;
  if (cell.isUnderline()) attrs |= ATTR.underline;
  if (cell.isBlink()) attrs |= ATTR.blink;
  if (cell.isInverse()) attrs |= ATTR.inverse;
  if (cell.isInvisible()) attrs |= ATTR.invisible;
  if (cell.isStrikethrough()) attrs |= ATTR.strike;
  if (cell.isOverline()) attrs |= ATTR.overline;
  const fg = cell.isFgRGB()
    ? rgb(cell.getFgColor())
    : cell.isFgPalette()
    ? palette(cell.getFgColor())
    : 0;
  const bg = cell.isBgRGB()
    ? rgb(cell.getBgColor())
    : cell.isBgPalette()
    ? palette(cell.getBgColor())
    : 0;
  return { fg, bg, attrs };
}

/**
 * Draws `term`'s screen into `rect` of `grid`, `scrollback` lines up from the bottom (0: the
 * live screen). Rows or columns the buffer lacks are left blank.
 *
 * @example
 * ```ts
 * import xterm from "@xterm/headless";
 * import { CellGrid } from "./cells.ts";
 * import { drawTerminal } from "./draw_terminal.ts";
 * const term = new xterm.Terminal({ cols: 5, rows: 2, allowProposedApi: true });
 * term.write("hi", () => {
 *   const grid = new CellGrid(7, 2);
 *   drawTerminal(term, grid, { x: 2, y: 0, cols: 5, rows: 2 });
 *   console.assert(grid.toText()[0] === "  hi   ");
 *   term.dispose();
 * });
 * ```
 */
export function drawTerminal(term: Terminal, grid: CellGrid, rect: Rect, scrollback = 0): void {
  const buffer = term.buffer.active;
  const top = Math.max(0, buffer.baseY - scrollback);
  const cell = buffer.getNullCell();
  for (let r = 0; r < rect.rows; r++) {
    const line = buffer.getLine(top + r);
    const y = rect.y + r;
    if (!line) {
      grid.fill(rect.x, y, rect.cols, 1);
      continue;
    }
    for (let c = 0; c < rect.cols; c++) {
      const x = rect.x + c;
      if (c >= line.length || !line.getCell(c, cell)) {
        grid.fill(x, y, 1, 1);
        continue;
      }
      const width = cell.getWidth();
      if (width === 0) continue; // set with its lead
      const style = cellStyle(cell);
      if (width === 2 && c + 1 >= rect.cols) grid.set(x, y, " ", style);
      else grid.set(x, y, cell.getChars() || " ", style, width);
    }
  }
}
