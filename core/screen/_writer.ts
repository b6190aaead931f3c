/**
 * Builds the text of a read row by row into one UTF-16 buffer: trailing spaces trimmed,
 * soft-wrapped rows joined on request, SGR sequences inserted on request. Large reads (the
 * whole history with ANSI) make no per-row strings, so they stay fast and light on the GC.
 *
 * @module
 */

import type { AttrTable } from "./_sgr.ts";

const RESET = "\x1b[0m";
const utf16 = new TextDecoder("utf-16le");

/** Writes rows into text. */
export class LineWriter {
  #buf: Uint16Array;
  #len = 0;
  #rows = 0;
  #ansi: boolean;
  #join: boolean;
  /** Spaces trimmed off the end of the last row, put back if the next row continues it. */
  #spaces = 0;

  /** `sizeHint`: about how many UTF-16 units the text will take. */
  constructor(options: { ansi: boolean; joinWrapped: boolean }, sizeHint = 4096) {
    this.#buf = new Uint16Array(Math.min(Math.max(sizeHint, 1024), 1 << 26));
    this.#ansi = options.ansi;
    this.#join = options.joinWrapped;
  }

  /**
   * Adds the row `text[start, end)`; `runs[runFrom, runTo)` are its SGR runs
   * (`offset | attrId << 16`, offsets from `start`).
   */
  row(
    text: string,
    start: number,
    end: number,
    wrapped: boolean,
    runs: Uint32Array | undefined,
    runFrom: number,
    runTo: number,
    attrs: AttrTable,
  ): void {
    if (this.#join && wrapped && this.#rows > 0) {
      for (let k = 0; k < this.#spaces; k++) this.#char(32);
    } else if (this.#rows > 0) this.#char(10);
    this.#rows++;
    // Trailing spaces go, except styled ones (ANSI reads): a reverse-video bar keeps its padding.
    let floor = start;
    if (this.#ansi && runs && runFrom < runTo) {
      const last = runs[runTo - 1]!;
      floor = last >>> 16 ? end : Math.max(start, start + (last & 0xffff));
    }
    let trimmed = end;
    while (trimmed > floor && text.charCodeAt(trimmed - 1) === 32) trimmed--;
    this.#spaces = end - trimmed;
    if (!this.#ansi || !runs || runFrom >= runTo) {
      this.#copy(text, start, trimmed);
      return;
    }
    let at = start;
    let styled = false;
    for (let k = runFrom; k < runTo; k++) {
      const run = runs[k]!;
      const offset = start + (run & 0xffff);
      if (offset >= trimmed) break;
      this.#copy(text, at, offset);
      const id = run >>> 16;
      const seq = attrs.sgr(id);
      this.#copy(seq, 0, seq.length);
      at = offset;
      styled = id !== 0;
    }
    this.#copy(text, at, trimmed);
    if (styled) this.#copy(RESET, 0, RESET.length);
  }

  /** The text written so far. */
  finish(): string {
    return utf16.decode(this.#buf.subarray(0, this.#len));
  }

  #char(code: number): void {
    if (this.#len === this.#buf.length) this.#grow(1);
    this.#buf[this.#len++] = code;
  }

  #copy(text: string, from: number, to: number): void {
    const n = to - from;
    if (n <= 0) return;
    if (this.#len + n > this.#buf.length) this.#grow(n);
    const buf = this.#buf;
    let len = this.#len;
    for (let i = from; i < to; i++) buf[len++] = text.charCodeAt(i);
    this.#len = len;
  }

  #grow(extra: number): void {
    const grown = new Uint16Array(Math.max(this.#buf.length * 2, this.#len + extra));
    grown.set(this.#buf.subarray(0, this.#len));
    this.#buf = grown;
  }
}
