/**
 * Damage-tracked drawing: compares a frame with the one the terminal shows and writes only the
 * cells that changed, inside one synchronized update (DECSET 2026) so the terminal never shows
 * half a frame.
 *
 * @module
 */

import { CellGrid, PLAIN, type Style } from "./cells.ts";
import { sgr } from "./sgr.ts";

/** Where the terminal's cursor goes after a frame; null hides it. */
export interface CursorPlace {
  x: number;
  y: number;
}

/** Options of {@link Renderer}. */
export interface RendererOptions {
  /** Wrap each frame in DECSET 2026 (terminals that do not know it ignore it). */
  synchronized?: boolean;
}

const SYNC_ON = "\x1b[?2026h";
const SYNC_OFF = "\x1b[?2026l";

/**
 * Turns frames into the escape sequences that bring the terminal from the last frame to the
 * next. It knows what the terminal shows, so it must be the only writer of the screen.
 *
 * @example
 * ```ts
 * import { CellGrid, PLAIN } from "./cells.ts";
 * import { Renderer } from "./renderer.ts";
 * const r = new Renderer(4, 1, { synchronized: false });
 * const grid = new CellGrid(4, 1);
 * grid.text(0, 0, "hi", PLAIN);
 * r.frame(grid, null);
 * grid.text(1, 0, "o", PLAIN);
 * console.assert(r.frame(grid, null) === "\x1b[?25l\x1b[1;2Ho");
 * ```
 */
export class Renderer {
  #shown: CellGrid;
  #full = true;
  #pen: Style = PLAIN;
  #cursor: CursorPlace | null = null;
  #sync: boolean;

  constructor(cols: number, rows: number, options: RendererOptions = {}) {
    this.#shown = new CellGrid(cols, rows);
    this.#sync = options.synchronized ?? true;
  }

  /** Forgets what the terminal shows: the next frame clears and redraws everything. */
  invalidate(cols = this.#shown.cols, rows = this.#shown.rows): void {
    this.#shown = new CellGrid(cols, rows);
    this.#full = true;
    this.#cursor = null;
  }

  /** The escape sequences for `next` (same size as the renderer); empty when nothing changed. */
  frame(next: CellGrid, cursor: CursorPlace | null): string {
    if (next.cols !== this.#shown.cols || next.rows !== this.#shown.rows) {
      this.invalidate(next.cols, next.rows);
    }
    let out = "";
    if (this.#full) {
      out += "\x1b[0m\x1b[H\x1b[2J";
      this.#pen = PLAIN;
    }
    const body = this.#cells(next, this.#full);
    this.#full = false;
    out += body;
    const moved = !samePlace(cursor, this.#cursor);
    if (!out && !moved) return "";
    out = "\x1b[?25l" + out;
    if (cursor) out += `\x1b[${cursor.y + 1};${cursor.x + 1}H\x1b[?25h`;
    this.#cursor = cursor ? { ...cursor } : null;
    return this.#sync && body ? SYNC_ON + out + SYNC_OFF : out;
  }

  #cells(next: CellGrid, all: boolean): string {
    const shown = this.#shown;
    const { cols, rows } = next;
    let out = "";
    let cx = all ? 0 : -1; // a full redraw starts at home
    let cy = all ? 0 : -1;
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        const i = y * cols + x;
        const w = next.widths[i]!;
        if (w === 0) continue; // drawn with its lead cell
        const dirty = all
          ? !isBlank(next, i)
          : !next.same(shown, i) || (w === 2 && !next.same(shown, i + 1));
        if (!dirty) continue;
        if (cx !== x || cy !== y) out += `\x1b[${y + 1};${x + 1}H`;
        const style = { fg: next.fg[i]!, bg: next.bg[i]!, attrs: next.attrs[i]! };
        out += sgr(this.#pen, style);
        this.#pen = style;
        out += next.chars[i] || " ";
        cx = x + w;
        cy = y;
        if (cx >= cols) cx = -1; // pending wrap: position unknown until the next move
      }
    }
    shown.copyFrom(next);
    return out;
  }
}

/** A default-styled space: what a cleared screen already shows. */
function isBlank(grid: CellGrid, i: number): boolean {
  const ch = grid.chars[i];
  return (ch === " " || ch === "") && grid.widths[i] === 1 && !grid.fg[i] && !grid.bg[i] &&
    !grid.attrs[i];
}

function samePlace(a: CursorPlace | null, b: CursorPlace | null): boolean {
  if (!a || !b) return a === b;
  return a.x === b.x && a.y === b.y;
}
