/**
 * Builds the text of a read row by row into one UTF-8 buffer: trailing spaces trimmed,
 * soft-wrapped rows joined on request, SGR sequences inserted on request. Large reads (the
 * whole history with ANSI) make no per-row strings, so they stay fast and light on the GC.
 *
 * Rows come as strings (xterm's live lines, stored chunks with non-ASCII text) or straight from
 * a stored chunk's UTF-8 bytes when the chunk is all ASCII (its byte offsets are then its UTF-16
 * offsets): those are copied without decoding. The buffer is decoded once at the end, as UTF-8,
 * which V8 turns into a one-byte string when it is ASCII. (As UTF-16 with a decode per chunk,
 * 100k colour lines took ~290 ms, most of it in the two decodes and a per-unit copy.)
 *
 * @module
 */

import type { AttrTable } from "./_sgr.ts";

const RESET = new Uint8Array([0x1b, 0x5b, 0x30, 0x6d]); // ESC [ 0 m
const utf8 = new TextDecoder();
/** Below this many bytes a loop copies faster than `set` on a fresh subarray. */
const SHORT_COPY = 256;

/** Writes rows into text. */
export class LineWriter {
  #buf: Uint8Array;
  #len = 0;
  #rows = 0;
  #ansi: boolean;
  #join: boolean;
  /** Spaces trimmed off the end of the last row, put back if the next row continues it. */
  #spaces = 0;

  /** `sizeHint`: about how many bytes the text will take. */
  constructor(options: { ansi: boolean; joinWrapped: boolean }, sizeHint = 4096) {
    this.#buf = new Uint8Array(Math.min(Math.max(Math.ceil(sizeHint), 1024), 1 << 28));
    this.#ansi = options.ansi;
    this.#join = options.joinWrapped;
  }

  /**
   * Adds the row `source[start, end)`: a string, or ASCII bytes (offsets are then both bytes and
   * UTF-16 units); `runs[runFrom, runTo)` are its SGR runs (`offset | attrId << shift`, offsets
   * from `start`).
   */
  row(
    source: string | Uint8Array,
    start: number,
    end: number,
    wrapped: boolean,
    runs: Uint32Array | Uint16Array | undefined,
    runFrom: number,
    runTo: number,
    attrs: AttrTable,
    shift = 16,
  ): void {
    const mask = (1 << shift) - 1;
    if (this.#join && wrapped && this.#rows > 0) {
      if (this.#len + this.#spaces > this.#buf.length) this.#grow(this.#spaces);
      this.#buf.fill(32, this.#len, this.#len + this.#spaces);
      this.#len += this.#spaces;
    } else if (this.#rows > 0) {
      if (this.#len === this.#buf.length) this.#grow(1);
      this.#buf[this.#len++] = 10;
    }
    this.#rows++;
    // Trailing spaces go, except styled ones (ANSI reads): a reverse-video bar keeps its padding.
    let floor = start;
    if (this.#ansi && runs && runFrom < runTo) {
      const last = runs[runTo - 1]!;
      floor = last >>> shift ? end : Math.max(start, start + (last & mask));
    }
    let trimmed = end;
    if (typeof source === "string") {
      while (trimmed > floor && source.charCodeAt(trimmed - 1) === 32) trimmed--;
    } else {
      while (trimmed > floor && source[trimmed - 1] === 32) trimmed--;
    }
    this.#spaces = end - trimmed;
    if (!this.#ansi || !runs || runFrom >= runTo) {
      this.#copy(source, start, trimmed);
      return;
    }
    if (typeof source !== "string") {
      this.#asciiRuns(source, start, trimmed, runs, runFrom, runTo, attrs, shift);
      return;
    }
    let at = start;
    let styled = false;
    for (let k = runFrom; k < runTo; k++) {
      const run = runs[k]!;
      const offset = start + (run & mask);
      if (offset >= trimmed) break;
      this.#copy(source, at, offset);
      const id = run >>> shift;
      this.#bytes(attrs.sgrBytes(id));
      at = offset;
      styled = id !== 0;
    }
    this.#copy(source, at, trimmed);
    if (styled) this.#bytes(RESET);
  }

  /**
   * The hot path of an ANSI read of the history: an ASCII row with runs, written with room
   * made once and every copy a plain loop (most pieces are a few bytes).
   */
  #asciiRuns(
    source: Uint8Array,
    start: number,
    trimmed: number,
    runs: Uint32Array | Uint16Array,
    runFrom: number,
    runTo: number,
    attrs: AttrTable,
    shift: number,
  ): void {
    const mask = (1 << shift) - 1;
    const { pool, at: sgrAt, longest } = attrs.sgrPool();
    const room = trimmed - start + (runTo - runFrom) * longest + RESET.length;
    if (this.#len + room > this.#buf.length) this.#grow(room);
    const buf = this.#buf;
    let len = this.#len;
    let at = start;
    let styled = false;
    for (let k = runFrom; k < runTo; k++) {
      const run = runs[k]!;
      const offset = start + (run & mask);
      if (offset >= trimmed) break;
      while (at < offset) buf[len++] = source[at++]!;
      const id = run >>> shift;
      for (let i = sgrAt[id]!, e = sgrAt[id + 1]!; i < e; i++) buf[len++] = pool[i]!;
      styled = id !== 0;
    }
    while (at < trimmed) buf[len++] = source[at++]!;
    if (styled) { for (let i = 0; i < RESET.length; i++) buf[len++] = RESET[i]!; }
    this.#len = len;
  }

  /** The text written so far. */
  finish(): string {
    return utf8.decode(this.#buf.subarray(0, this.#len));
  }

  #copy(source: string | Uint8Array, from: number, to: number): void {
    if (to <= from) return;
    if (typeof source === "string") this.#text(source, from, to);
    else this.#ascii(source, from, to);
  }

  /** Copies ASCII bytes `[from, to)` of `source`. */
  #ascii(source: Uint8Array, from: number, to: number): void {
    const n = to - from;
    if (this.#len + n > this.#buf.length) this.#grow(n);
    const buf = this.#buf;
    if (n > SHORT_COPY) {
      buf.set(source.subarray(from, to), this.#len);
      this.#len += n;
      return;
    }
    let len = this.#len;
    for (let i = from; i < to; i++) buf[len++] = source[i]!;
    this.#len = len;
  }

  #bytes(source: Uint8Array): void {
    const n = source.length;
    if (this.#len + n > this.#buf.length) this.#grow(n);
    const buf = this.#buf;
    let len = this.#len;
    for (let i = 0; i < n; i++) buf[len++] = source[i]!;
    this.#len = len;
  }

  /** Writes `text[from, to)` as UTF-8 (a lone surrogate as U+FFFD, as TextEncoder does). */
  #text(text: string, from: number, to: number): void {
    if (this.#len + (to - from) * 3 > this.#buf.length) this.#grow((to - from) * 3);
    const buf = this.#buf;
    let len = this.#len;
    for (let i = from; i < to; i++) {
      let c = text.charCodeAt(i);
      if (c < 0x80) {
        buf[len++] = c;
        continue;
      }
      if (c < 0x800) {
        buf[len++] = 0xc0 | (c >> 6);
        buf[len++] = 0x80 | (c & 63);
        continue;
      }
      if (c >= 0xd800 && c <= 0xdfff) {
        const next = i + 1 < to ? text.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          buf[len++] = 0xf0 | (cp >> 18);
          buf[len++] = 0x80 | ((cp >> 12) & 63);
          buf[len++] = 0x80 | ((cp >> 6) & 63);
          buf[len++] = 0x80 | (cp & 63);
          i++;
          continue;
        }
        c = 0xfffd;
      }
      buf[len++] = 0xe0 | (c >> 12);
      buf[len++] = 0x80 | ((c >> 6) & 63);
      buf[len++] = 0x80 | (c & 63);
    }
    this.#len = len;
  }

  #grow(extra: number): void {
    const grown = new Uint8Array(Math.max(this.#buf.length * 2, this.#len + extra));
    grown.set(this.#buf.subarray(0, this.#len));
    this.#buf = grown;
  }
}
