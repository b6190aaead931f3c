/**
 * Rows of a screen in compact form: a row is its text (UTF-8 when stored, trailing never-written
 * cells dropped) plus SGR runs where the attributes change: a run is one 32-bit word, the
 * offset in the row and an id in an {@link AttrTable} of the `(fg, bg)` pairs seen. Encoding reads
 * xterm's cell array directly (`BufferLine._data`: three 32-bit words per cell), which is what
 * makes moving every scrolled-off line into the history store cheap.
 *
 * @module
 */

import { AttrTable } from "./_sgr.ts";

/** The parts of xterm's internal `BufferLine` that encoding reads. */
export interface CellLine {
  readonly _data: Uint32Array;
  readonly _combined: Record<number, string>;
  readonly isWrapped: boolean;
  getTrimmedLength(): number;
  translateToString(trimRight?: boolean): string;
}

/** A decoded row, ready to render. */
export interface Row {
  /** Cell text; never-written cells at the end dropped, spaces kept. */
  text: string;
  /** This row continues the row above (soft wrap). */
  wrapped: boolean;
  /** SGR runs, `offset | attrId << 16`; offsets in UTF-16 units of `text`. */
  runs: Uint32Array | undefined;
  /** The table the run ids refer to. */
  attrs: AttrTable;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const CODEPOINT_MASK = 0x1fffff;
const IS_COMBINED = 0x200000;
const WIDTH_SHIFT = 22;
/** The content word of a width-1 cell is its code point plus this. */
const WIDTH_ONE = 1 << WIDTH_SHIFT;
/** bg bits that do not change how a cell looks: HAS_EXTENDED, PROTECTED. */
const BG_LOOK_MASK = ~0x30000000 >>> 0;

/** Row flag: the row continues the previous one. */
export const FLAG_WRAPPED = 1;
/** Row flag: the row's text ends with a space. */
export const FLAG_SPACE_END = 2;

/**
 * A growable buffer of encoded rows: UTF-8 text with a "\n" after each row, per-row end
 * offsets (in UTF-16 units of the decoded text) and flags, and SGR runs.
 */
export class RowBuffer {
  bytes: Uint8Array;
  pos = 0;
  /** Decoded (UTF-16) length so far, separators included. */
  units = 0;
  rows = 0;
  /** Row ends; 16-bit in a sealed buffer whose text fits. */
  ends: Uint32Array | Uint16Array;
  flags: Uint8Array;
  /** Row i's runs are [runStart[i], runStart[i + 1]); allocated with the first run. */
  runStart: Uint32Array | Uint16Array | undefined;
  /**
   * Runs: `offset | attrId << runShift`. Pushed with a shift of 16 into 32-bit words; a sealed
   * buffer whose offsets and ids all fit in a byte keeps them in 16-bit words, shift 8.
   */
  runs: Uint32Array | Uint16Array | undefined;
  runShift = 16;
  runLen = 0;
  anyFlags = 0;
  attrs: AttrTable;

  constructor(byteCapacity: number, rowCapacity: number, attrs: AttrTable) {
    this.attrs = attrs;
    this.bytes = new Uint8Array(byteCapacity);
    this.ends = new Uint32Array(rowCapacity);
    this.flags = new Uint8Array(rowCapacity);
  }

  /** Appends one xterm line (its first `cells` cells: by default up to the last with text). */
  push(line: CellLine, cells = line.getTrimmedLength()): void {
    if (this.rows === this.ends.length) this.#growRows();
    const data = line._data;
    if (this.pos + cells * 4 + 1 > this.bytes.length) this.#growBytes(cells * 4 + 1);
    const rowStart = this.units;
    let bytes = this.bytes;
    let pos = this.pos;
    let units = rowStart;
    let fgWas = 0;
    let bgWas = 0;
    let last = 0;
    const end = cells * 3;
    for (let j = 0; j < end;) {
      const content = data[j]!;
      const fg = data[j + 1]!;
      const bg = (data[j + 2]! & BG_LOOK_MASK) >>> 0;
      if (fg !== fgWas || bg !== bgWas) {
        this.#addRun(units - rowStart, fg, bg);
        fgWas = fg;
        bgWas = bg;
      }
      const ascii = content - WIDTH_ONE;
      if (ascii > 0 && ascii < 0x80) { // the common case: printable ASCII, width 1
        bytes[pos++] = last = ascii;
        units++;
        j += 3;
        continue;
      }
      if (content & IS_COMBINED) {
        const text = line._combined[j / 3] ?? " ";
        pos = this.#writeText(text, pos, cells);
        bytes = this.bytes;
        units += text.length;
        last = text.charCodeAt(text.length - 1);
      } else {
        const cp = (content & CODEPOINT_MASK) || 32;
        pos = writeCodePoint(bytes, pos, cp);
        units += cp < 0x10000 ? 1 : 2;
        last = cp;
      }
      j += 3 * ((content >>> WIDTH_SHIFT) || 1);
    }
    this.#endRow(line.isWrapped, last === 32, units, pos);
  }

  /** Writes a combined cell's text at `pos`, growing the buffer first when needed. */
  #writeText(text: string, pos: number, cells: number): number {
    if (pos + text.length * 3 > this.bytes.length) {
      this.pos = pos;
      this.#growBytes(text.length * 3 + cells * 4);
    }
    return pos + encoder.encodeInto(text, this.bytes.subarray(pos)).written;
  }

  /** Closes the row being pushed: its end, flags, newline and run index. */
  #endRow(wrapped: boolean, spaceEnd: boolean, units: number, pos: number): void {
    const flags = (wrapped ? FLAG_WRAPPED : 0) | (spaceEnd ? FLAG_SPACE_END : 0);
    this.ends[this.rows] = units;
    this.flags[this.rows] = flags;
    this.anyFlags |= flags;
    this.bytes[pos++] = 10;
    this.pos = pos;
    this.units = units + 1;
    this.rows++;
    if (this.runStart) this.runStart[this.rows] = this.runLen;
  }

  /** Row `i`'s start offset in the decoded text. */
  start(i: number): number {
    return i === 0 ? 0 : this.ends[i - 1]! + 1;
  }

  /** Row `i` of the decoded text `text` (of an unpacked buffer). */
  row(text: string, i: number): Row {
    let runs: Uint32Array | undefined;
    if (this.runStart && this.runs) {
      const a = this.runStart[i]!;
      const b = this.runStart[i + 1]!;
      if (b > a) runs = (this.runs as Uint32Array).subarray(a, b);
    }
    return {
      text: text.slice(this.start(i), this.ends[i]),
      wrapped: (this.flags[i]! & FLAG_WRAPPED) !== 0,
      runs,
      attrs: this.attrs,
    };
  }

  /** The decoded text of every row, "\n" after each. */
  decode(): string {
    return decoder.decode(this.bytes.subarray(0, this.pos));
  }

  /** Bytes this buffer's content takes (not its spare capacity). */
  get size(): number {
    const runStart = this.runStart ? (this.rows + 1) * this.runStart.BYTES_PER_ELEMENT : 0;
    const runs = this.runs ? this.runLen * this.runs.BYTES_PER_ELEMENT : 0;
    return this.pos + this.rows * (this.ends.BYTES_PER_ELEMENT + 1) + runStart + runs;
  }

  /**
   * A copy trimmed to its content, for keeping; `pack`: for good (no more rows will be pushed),
   * with its row ends and runs in 16-bit words where they fit. A colour line of ~24 runs takes
   * ~50 bytes less that way.
   */
  seal(pack = false): RowBuffer {
    const out = new RowBuffer(0, 0, this.attrs);
    const rows = this.rows;
    out.bytes = this.bytes.slice(0, this.pos);
    out.pos = this.pos;
    out.units = this.units;
    out.rows = rows;
    out.ends = pack && this.units <= 0xffff ? narrow(this.ends, rows) : this.ends.slice(0, rows);
    out.flags = this.flags.slice(0, rows);
    out.runLen = this.runLen;
    out.anyFlags = this.anyFlags;
    if (!this.runStart || !this.runs) return out;
    out.runStart = pack && this.runLen <= 0xffff
      ? narrow(this.runStart, rows + 1)
      : this.runStart.slice(0, rows + 1);
    out.runs = this.runs.slice(0, this.runLen);
    out.runShift = this.runShift;
    if (pack && this.runShift === 16) {
      const runs = this.runs;
      let fits = true;
      for (let k = 0; k < this.runLen && fits; k++) {
        const run = runs[k]!;
        fits = (run & 0xffff) < 256 && run >>> 16 < 256;
      }
      if (fits) {
        const packed = new Uint16Array(this.runLen);
        for (let k = 0; k < this.runLen; k++) {
          const run = runs[k]!;
          packed[k] = (run & 0xff) | ((run >>> 16) << 8);
        }
        out.runs = packed;
        out.runShift = 8;
      }
    }
    return out;
  }

  /** Empties the buffer, keeping its capacity. */
  reset(): void {
    this.pos = 0;
    this.units = 0;
    this.rows = 0;
    this.runLen = 0;
    this.anyFlags = 0;
    this.runStart = undefined;
    this.runs = undefined;
  }

  #addRun(offset: number, fg: number, bg: number): void {
    if (!this.runs || !this.runStart) {
      this.runs = new Uint32Array(64);
      this.runStart = new Uint32Array(this.ends.length + 1);
    }
    if (this.runLen === this.runs.length) {
      const grown = new Uint32Array(this.runs.length * 2);
      grown.set(this.runs);
      this.runs = grown;
    }
    this.runs[this.runLen++] = (Math.min(offset, 0xffff) | (this.attrs.id(fg, bg) << 16)) >>> 0;
  }

  #growRows(): void {
    const size = Math.max(16, this.ends.length * 2);
    const ends = new Uint32Array(size);
    ends.set(this.ends);
    this.ends = ends;
    const flags = new Uint8Array(size);
    flags.set(this.flags);
    this.flags = flags;
    if (this.runStart) {
      const runStart = new Uint32Array(size + 1);
      runStart.set(this.runStart);
      this.runStart = runStart;
    }
  }

  #growBytes(extra: number): void {
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.pos + extra + 1024));
    grown.set(this.bytes.subarray(0, this.pos));
    this.bytes = grown;
  }
}

/** The first `n` values of `words` (each below 65536) in 16-bit words. */
function narrow(words: Uint32Array | Uint16Array, n: number): Uint16Array {
  const out = new Uint16Array(n);
  out.set(words.subarray(0, n));
  return out;
}

/** `text` without trailing spaces (only U+0020: other blanks are content). */
export function trimSpaces(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 32) end--;
  return end === text.length ? text : text.slice(0, end);
}

const scratch = new RowBuffer(4096, 1, new AttrTable());
const SCRATCH_ATTRS = 4096;

/** Decodes one live xterm line into a {@link Row}. */
/** Background colour mode bits: a blank cell with a background colour is visible. */
const BG_COLOURED = 0x3000000;
/** Inverse, underline and strikethrough show on a blank cell too. */
const FG_VISIBLE_ON_BLANK = (0x4000000 | 0x10000000 | 0x80000000) >>> 0;

/**
 * Cells up to the last one with text or with styling that shows on a blank (a background
 * colour, inverse, underline, strikethrough): a reverse-video status line keeps its padding.
 * Only live rows pay for this scan; history capture keeps the cheaper text length.
 */
function styledLength(line: CellLine): number {
  const text = line.getTrimmedLength();
  const data = line._data;
  for (let cell = data.length / 3 - 1; cell >= text; cell--) {
    const fg = data[cell * 3 + 1]!;
    const bg = data[cell * 3 + 2]!;
    if ((bg & BG_COLOURED) || ((fg & FG_VISIBLE_ON_BLANK) >>> 0)) return cell + 1;
  }
  return text;
}

export function rowOfLine(line: CellLine): Row {
  scratch.reset();
  if (scratch.attrs.fg.length > SCRATCH_ATTRS) scratch.attrs = new AttrTable();
  scratch.push(line, styledLength(line));
  const row = scratch.row(scratch.decode(), 0);
  if (row.runs) row.runs = row.runs.slice(); // the scratch buffer is reused
  return row;
}

/** Writes `cp` as UTF-8 at `pos` (the buffer has room for four bytes); returns the new end. */
function writeCodePoint(bytes: Uint8Array, pos: number, cp: number): number {
  if (cp < 0x80) {
    bytes[pos++] = cp;
  } else if (cp < 0x800) {
    bytes[pos++] = 0xc0 | (cp >> 6);
    bytes[pos++] = 0x80 | (cp & 63);
  } else if (cp < 0x10000) {
    bytes[pos++] = 0xe0 | (cp >> 12);
    bytes[pos++] = 0x80 | ((cp >> 6) & 63);
    bytes[pos++] = 0x80 | (cp & 63);
  } else {
    bytes[pos++] = 0xf0 | (cp >> 18);
    bytes[pos++] = 0x80 | ((cp >> 12) & 63);
    bytes[pos++] = 0x80 | ((cp >> 6) & 63);
    bytes[pos++] = 0x80 | (cp & 63);
  }
  return pos;
}
