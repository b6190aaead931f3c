/**
 * The compact, byte-capped history of a screen: lines that scrolled off xterm's own (small)
 * scrollback, kept as UTF-8 text plus SGR runs in chunks. When the chunks pass the byte cap
 * the oldest ones are dropped. Lines are numbered from the start of the pane, so a number
 * stays valid while the line is kept.
 *
 * @module
 */

import { type CellLine, FLAG_SPACE_END, FLAG_WRAPPED, RowBuffer } from "./_rows.ts";
import type { LineWriter } from "./_writer.ts";
import { AttrTable, MAX_ATTRS } from "./_sgr.ts";

interface Chunk {
  first: number;
  rows: RowBuffer;
}

/** Per-chunk bookkeeping counted against the cap. */
const CHUNK_OVERHEAD = 160;

/** Lines that left the live screen, oldest first, under a byte cap. */
export class History {
  #cap: number;
  #chunkBytes: number;
  #chunks: Chunk[] = [];
  #open: RowBuffer;
  #openFirst = 0;
  #start = 0;
  #end = 0;
  #sealedBytes = 0;
  #attrs = new AttrTable();

  constructor(capBytes: number) {
    this.#cap = Math.max(0, capBytes);
    // At most 60 KiB, so a sealed chunk's text (and its row ends) stays under 64 Ki units.
    this.#chunkBytes = Math.min(60 * 1024, Math.max(2048, Math.floor(this.#cap / 16)));
    this.#open = new RowBuffer(4096, 64, this.#attrs); // grows to a chunk once lines arrive
  }

  /** Number of the oldest line kept. */
  get start(): number {
    return this.#start;
  }

  /** Number one past the newest line (lines ever added, kept or not). */
  get end(): number {
    return this.#end;
  }

  /** Bytes the kept lines take. */
  get bytes(): number {
    return this.#sealedBytes + this.#open.size + this.#attrs.size + CHUNK_OVERHEAD;
  }

  /** Average bytes of text per kept line (80 when nothing is kept). */
  bytesPerRow(): number {
    const rows = this.#end - this.#start;
    return rows > 0 ? Math.max(8, this.bytes / rows) : 80;
  }

  /** Appends a line. */
  push(line: CellLine): void {
    this.#end++;
    if (this.#cap === 0) {
      this.#start = this.#end;
      this.#openFirst = this.#end;
      return;
    }
    this.#open.push(line);
    if (this.#open.pos >= this.#chunkBytes) this.#seal();
    else if (this.#chunks.length && this.bytes > this.#cap) this.#dropOldest();
  }

  /** Trims the open chunk's buffers to what they hold (they grow again as lines come). */
  shrink(): void {
    this.#open = this.#open.seal();
  }

  /** Forgets every line and counts `skipped` more as gone (e.g. scrollback erased by ED 3). */
  clear(skipped = 0): void {
    this.#chunks = [];
    this.#sealedBytes = 0;
    this.#open.reset();
    this.#end += skipped;
    this.#start = this.#end;
    this.#openFirst = this.#end;
  }

  /**
   * Appends lines `[from, to)` as plain text to `out`, trailing spaces trimmed; each piece
   * holds one or more lines separated by "\n".
   */
  plain(from: number, to: number, out: string[]): void {
    this.#each(from, to, (rows, a, b) => {
      const text = rows.decode();
      const { ends, flags } = rows;
      if (!(rows.anyFlags & FLAG_SPACE_END)) {
        return void out.push(text.slice(rows.start(a), ends[b - 1]));
      }
      // Slices between the rows that end in spaces (a regex over the block took ~8x longer).
      const parts: string[] = [];
      let at = rows.start(a);
      for (let i = a; i < b; i++) {
        if (!(flags[i]! & FLAG_SPACE_END)) continue;
        const start = rows.start(i);
        const end = ends[i]!;
        let trimmed = end;
        while (trimmed > start && text.charCodeAt(trimmed - 1) === 32) trimmed--;
        parts.push(text.slice(at, trimmed));
        at = end; // the "\n" after this row starts the next slice
      }
      parts.push(text.slice(at, ends[b - 1]));
      out.push(parts.join(""));
    });
  }

  /** Writes lines `[from, to)` to `writer`. */
  write(from: number, to: number, writer: LineWriter): void {
    this.#each(from, to, (rows, a, b) => {
      const { ends, flags, runStart, runs, attrs, runShift } = rows;
      // All ASCII (as many bytes as UTF-16 units): the bytes go as they are, undecoded.
      const text = rows.pos === rows.units ? rows.bytes : rows.decode();
      for (let i = a; i < b; i++) {
        const wrapped = (flags[i]! & FLAG_WRAPPED) !== 0;
        const start = i === 0 ? 0 : ends[i - 1]! + 1;
        const runFrom = runStart ? runStart[i]! : 0;
        const runTo = runStart ? runStart[i + 1]! : 0;
        writer.row(text, start, ends[i]!, wrapped, runs, runFrom, runTo, attrs, runShift);
      }
    });
  }

  /** Whether kept line `n` continues the line above it. */
  isWrapped(n: number): boolean {
    const found = this.#find(n);
    return found ? (found.rows.flags[n - found.first]! & FLAG_WRAPPED) !== 0 : false;
  }

  #find(n: number): Chunk | undefined {
    if (n < this.#start || n >= this.#end) return undefined;
    if (n >= this.#openFirst) return { first: this.#openFirst, rows: this.#open };
    const k = this.#firstChunkAfter(n);
    return this.#chunks[k];
  }

  /** Index of the first sealed chunk that ends after line `n`. */
  #firstChunkAfter(n: number): number {
    const chunks = this.#chunks;
    let lo = 0;
    let hi = chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const c = chunks[mid]!;
      if (c.first + c.rows.rows <= n) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  #each(
    from: number,
    to: number,
    visit: (rows: RowBuffer, a: number, b: number) => void,
  ): void {
    from = Math.max(from, this.#start);
    to = Math.min(to, this.#end);
    if (from >= to) return;
    const chunks = this.#chunks;
    for (let k = this.#firstChunkAfter(from); k <= chunks.length; k++) {
      const c = k < chunks.length ? chunks[k]! : { first: this.#openFirst, rows: this.#open };
      if (c.first >= to) break;
      const a = Math.max(from, c.first) - c.first;
      const b = Math.min(to, c.first + c.rows.rows) - c.first;
      if (b > a) visit(c.rows, a, b);
    }
  }

  #seal(): void {
    const rows = this.#open.seal(true);
    this.#chunks.push({ first: this.#openFirst, rows });
    this.#sealedBytes += rows.size + CHUNK_OVERHEAD;
    this.#openFirst += rows.rows;
    this.#open.reset();
    if (this.#attrs.fg.length > MAX_ATTRS - 4096) {
      // Nearly full: later chunks get a table of their own; this one goes with its chunks.
      this.#attrs = new AttrTable();
      this.#open.attrs = this.#attrs;
    }
    while (this.#chunks.length && this.bytes > this.#cap) this.#dropOldest();
  }

  #dropOldest(): void {
    const old = this.#chunks.shift()!;
    this.#sealedBytes -= old.rows.size + CHUNK_OVERHEAD;
    this.#start = old.first + old.rows.rows;
  }
}
