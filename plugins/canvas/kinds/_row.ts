/**
 * One screen row built from styled pieces, cut to a width in cells. Every piece of text passes
 * through here, so this is the one place where content is made safe: C0/C1 controls and DEL are
 * shown as visible symbols (`␛`, `␇`, `�`), never written raw, and nothing goes past the width.
 *
 * @module
 */

import { charWidth } from "../../../protocols/terminal/width.ts";

const TAB = 4;
const ASCII_PRINTABLE = /^[\x20-\x7e]*$/;
const SPACES = " ".repeat(256);

/** The visible stand-in for a control character: a control picture for C0 and DEL, else U+FFFD. */
function picture(code: number): string {
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return "\u2421";
  return "\ufffd";
}

const WIDTHS = new Map<number, number>();

/** `charWidth`, remembered: box drawing and other repeated symbols are measured once. */
function widthOf(code: number): number {
  let w = WIDTHS.get(code);
  if (w === undefined) {
    w = charWidth(code);
    if (WIDTHS.size < 4096) WIDTHS.set(code, w);
  }
  return w;
}

function isPrintable(code: number): boolean {
  return code >= 0x20 && code < 0x7f;
}

function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code < 0xa0);
}

/**
 * A row of at most `width` cells. Pieces past the width are dropped and the last cell becomes
 * `…`. SGR parameters (`"1;31"`) style a piece; the row ends with a reset when styled.
 *
 * @example
 * ```ts
 * import { Row } from "./_row.ts";
 * console.assert(new Row(4).add("abcdef").toString() === "abc…");
 * console.assert(new Row(9).add("a\x1bb").toString() === "a\u241bb");
 * ```
 */
export class Row {
  readonly width: number;
  #out = "";
  #used = 0;
  #sgr = "";
  #full = false;
  // The row as it was the last time it had a free cell left: where an overflow rewinds to.
  #snapOut = "";
  #snapUsed = 0;
  #snapSgr = "";

  constructor(width: number) {
    this.width = Math.max(0, Math.floor(width));
  }

  /** Cells used so far. */
  get used(): number {
    return this.#used;
  }

  /** Whether the row was cut (or filled exactly and more came). */
  get full(): boolean {
    return this.#full;
  }

  /** Appends text in a style (SGR parameters, `""` for none). */
  add(text: string, sgr = ""): this {
    if (this.#full || text === "") return this;
    this.#style(sgr);
    if (ASCII_PRINTABLE.test(text)) {
      if (this.#used + text.length <= this.width) this.#ascii(text);
      else {
        this.#out += text.slice(0, Math.max(0, this.width - 1 - this.#used));
        this.#used = Math.max(this.#used, this.width - 1);
        this.#snap();
        this.#put("\uffff", 2); // anything that cannot fit: ends the row with "…"
      }
      return this;
    }
    for (let i = 0; i < text.length && !this.#full; i++) {
      const code = text.codePointAt(i)!;
      if (code >= 0x20 && code < 0x7f) {
        // A run of printable ASCII goes in at once.
        let end = i + 1;
        while (end < text.length && end - i < this.width && isPrintable(text.charCodeAt(end))) {
          end++;
        }
        const room = this.width - this.#used;
        if (end - i <= room) {
          this.#ascii(text.slice(i, end));
          i = end - 1;
          continue;
        }
      }
      const ch = code > 0xffff ? text.slice(i, i + 2) : text[i]!;
      if (code > 0xffff) i++;
      if (code === 9) {
        const stop = (Math.floor(this.#used / TAB) + 1) * TAB;
        this.#put(" ".repeat(stop - this.#used), stop - this.#used);
      } else if (isControl(code)) this.#put(picture(code), 1);
      else this.#put(ch, code < 0x7f ? 1 : widthOf(code));
    }
    return this;
  }

  /** Pads with spaces (in a style) up to column `col` (default: the full width). */
  fill(col = this.width, sgr = ""): this {
    const n = Math.min(col, this.width) - this.#used;
    if (n <= 0 || this.#full) return this;
    this.#style(sgr);
    this.#ascii(n <= SPACES.length ? SPACES.slice(0, n) : " ".repeat(n));
    return this;
  }

  /** The row as ANSI text. */
  toString(): string {
    return this.#sgr ? this.#out + "\x1b[0m" : this.#out;
  }

  #style(sgr: string): void {
    if (sgr === this.#sgr) return;
    this.#out += this.#sgr ? (sgr ? `\x1b[0;${sgr}m` : "\x1b[0m") : `\x1b[${sgr}m`;
    this.#sgr = sgr;
  }

  #put(ch: string, w: number): void {
    if (this.#used + w <= this.width) {
      this.#out += ch;
      this.#used += w;
      this.#snap();
      return;
    }
    // Overflow: rewind to the last state with a free cell and end with an ellipsis.
    const sgr = this.#sgr;
    this.#out = this.#snapOut;
    this.#used = this.#snapUsed;
    this.#sgr = this.#snapSgr;
    if (this.width > 0) {
      this.#style(sgr);
      this.#out += " ".repeat(this.width - 1 - this.#used) + "…";
      this.#used = this.width;
    }
    this.#full = true;
  }

  /** Appends printable ASCII known to fit, keeping the rewind point on the last free cell. */
  #ascii(text: string): void {
    const fill = this.#used + text.length === this.width && text.length > 0;
    const head = fill ? text.slice(0, -1) : text;
    this.#out += head;
    this.#used += head.length;
    this.#snap();
    if (fill) {
      this.#out += text.slice(-1);
      this.#used++;
    }
  }

  #snap(): void {
    if (this.#used < this.width) {
      this.#snapOut = this.#out;
      this.#snapUsed = this.#used;
      this.#snapSgr = this.#sgr;
    }
  }
}

/**
 * The cells `text` takes in a {@link Row}: like `textWidth`, but a control character takes the
 * one cell of its visible symbol (tabs are measured as one cell; callers expand them first).
 *
 * @example
 * ```ts
 * import { cells } from "./_row.ts";
 * console.assert(cells("a\x1b日") === 4);
 * ```
 */
export function cells(text: string): number {
  if (ASCII_PRINTABLE.test(text)) return text.length;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i)!;
    if (code > 0xffff) i++;
    n += isControl(code) ? 1 : code < 0x7f ? 1 : widthOf(code);
  }
  return n;
}

/** Removes SGR sequences: the plain text of rendered lines. */
export function stripSgr(line: string): string {
  // deno-lint-ignore no-control-regex
  return line.replace(/\x1b\[[0-9;]*m/g, "");
}
