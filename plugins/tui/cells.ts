/**
 * A grid of terminal cells: what one frame of the attach client shows. Parallel typed arrays,
 * so building and diffing a frame allocates nothing per cell.
 *
 * @module
 */

import { charWidth } from "./width.ts";

/** Colour encoding: 0 is the terminal's default; palette and RGB carry a mode in the top byte. */
export const COLOR_DEFAULT = 0;
const PALETTE = 0x1000000;
const RGB = 0x2000000;

/** A palette colour (0–255). */
export function palette(n: number): number {
  return PALETTE | (n & 0xff);
}

/** A true colour from 0xRRGGBB. */
export function rgb(value: number): number {
  return RGB | (value & 0xffffff);
}

/** Splits an encoded colour into its kind and value. */
export function colorKind(color: number): { kind: "default" | "palette" | "rgb"; value: number } {
  const mode = color & 0x3000000;
  if (mode === PALETTE) return { kind: "palette", value: color & 0xff };
  if (mode === RGB) return { kind: "rgb", value: color & 0xffffff };
  return { kind: "default", value: 0 };
}

/** Attribute bits of a cell. */
export const ATTR = {
  bold: 1,
  dim: 2,
  italic: 4,
  underline: 8,
  blink: 16,
  inverse: 32,
  invisible: 64,
  strike: 128,
  overline: 256,
} as const;

/** How a cell looks. */
export interface Style {
  fg: number;
  bg: number;
  attrs: number;
}

/** The default look. */
export const PLAIN: Readonly<Style> = Object.freeze({
  fg: COLOR_DEFAULT,
  bg: COLOR_DEFAULT,
  attrs: 0,
});

/**
 * A `cols`×`rows` grid. A wide character takes its cell (width 2) and the next (width 0,
 * empty text); an empty string in a width-1 cell draws as a space.
 *
 * @example
 * ```ts
 * import { CellGrid, PLAIN } from "./cells.ts";
 * const grid = new CellGrid(10, 2);
 * grid.text(0, 0, "日本", PLAIN);
 * console.assert(grid.width(1, 0) === 0 && grid.char(2, 0) === "本");
 * ```
 */
export class CellGrid {
  cols: number;
  rows: number;
  chars: string[];
  widths: Uint8Array;
  fg: Uint32Array;
  bg: Uint32Array;
  attrs: Uint16Array;

  constructor(cols: number, rows: number) {
    this.cols = cols;
    this.rows = rows;
    const n = cols * rows;
    this.chars = new Array<string>(n).fill(" ");
    this.widths = new Uint8Array(n).fill(1);
    this.fg = new Uint32Array(n);
    this.bg = new Uint32Array(n);
    this.attrs = new Uint16Array(n);
  }

  /** The text of a cell. */
  char(x: number, y: number): string {
    return this.chars[y * this.cols + x] ?? " ";
  }

  /** The width of a cell: 1, 2 (wide lead) or 0 (wide trail). */
  width(x: number, y: number): number {
    return this.widths[y * this.cols + x] ?? 1;
  }

  /** The style of a cell. */
  style(x: number, y: number): Style {
    const i = y * this.cols + x;
    return { fg: this.fg[i]!, bg: this.bg[i]!, attrs: this.attrs[i]! };
  }

  /** Sets one cell; a width-2 character also claims the next cell. Out of range is ignored. */
  set(x: number, y: number, ch: string, style: Style, width = 1): void {
    if (x < 0 || y < 0 || x >= this.cols || y >= this.rows) return;
    if (width === 2 && x + 1 >= this.cols) {
      ch = " ";
      width = 1;
    }
    const i = y * this.cols + x;
    this.#unpair(i);
    this.#put(i, ch, width, style);
    if (width === 2) {
      this.#unpair(i + 1);
      this.#put(i + 1, "", 0, style);
    }
  }

  /** Fills a rectangle with one character. */
  fill(x: number, y: number, cols: number, rows: number, ch = " ", style: Style = PLAIN): void {
    for (let r = Math.max(0, y); r < Math.min(this.rows, y + rows); r++) {
      for (let c = Math.max(0, x); c < Math.min(this.cols, x + cols); c++) {
        this.#unpair(r * this.cols + c);
        this.#put(r * this.cols + c, ch, 1, style);
      }
    }
  }

  /**
   * Writes text from (x, y), clipped at `maxCols` cells (default: the grid's edge); returns
   * the number of cells used.
   */
  text(x: number, y: number, text: string, style: Style, maxCols = this.cols - x): number {
    let used = 0;
    for (const ch of text) {
      const w = charWidth(ch.codePointAt(0)!);
      if (w === 0) continue;
      if (used + w > maxCols) break;
      this.set(x + used, y, ch, style, w);
      used += w;
    }
    return used;
  }

  /** True when cell `i` of this grid and of `other` (same size) look the same. */
  same(other: CellGrid, i: number): boolean {
    return this.chars[i] === other.chars[i] && this.widths[i] === other.widths[i] &&
      this.fg[i] === other.fg[i] && this.bg[i] === other.bg[i] && this.attrs[i] === other.attrs[i];
  }

  /** Copies every cell of `other` (same size). */
  copyFrom(other: CellGrid): void {
    this.chars = other.chars.slice();
    this.widths.set(other.widths);
    this.fg.set(other.fg);
    this.bg.set(other.bg);
    this.attrs.set(other.attrs);
  }

  /** The grid's rows as plain text (for tests and debugging). */
  toText(): string[] {
    const out: string[] = [];
    for (let y = 0; y < this.rows; y++) {
      let line = "";
      for (let x = 0; x < this.cols; x++) {
        const i = y * this.cols + x;
        if (this.widths[i] !== 0) line += this.chars[i] || " ";
      }
      out.push(line);
    }
    return out;
  }

  /** Before cell `i` is overwritten: the other half of a wide character there becomes a space. */
  #unpair(i: number): void {
    const w = this.widths[i];
    const x = i % this.cols;
    if (w === 2 && x + 1 < this.cols) this.#blank(i + 1);
    else if (w === 0 && x > 0) this.#blank(i - 1);
  }

  #blank(i: number): void {
    this.chars[i] = " ";
    this.widths[i] = 1;
  }

  #put(i: number, ch: string, width: number, style: Style): void {
    this.chars[i] = ch;
    this.widths[i] = width;
    this.fg[i] = style.fg;
    this.bg[i] = style.bg;
    this.attrs[i] = style.attrs;
  }
}
