/**
 * The queue of output waiting to be parsed, and the loop that parses it in slices off the
 * event loop (setImmediate: no timer clamping, and I/O gets its turn between slices).
 *
 * @module
 */

import { clearImmediate, setImmediate } from "node:timers";

/** Parse for at most this long before yielding to the event loop. */
const SLICE_MS = 8;
/** Largest piece handed to the parser at once. */
const PIECE = 64 * 1024;

/** Queued output, parsed in slices. */
export class ParseQueue {
  #parse: (piece: string | Uint8Array) => void;
  #afterSlice: () => void;
  #items: (string | Uint8Array)[] = [];
  #head = 0;
  #offset = 0;
  #pending = 0;
  #written = 0;
  #parsed = 0;
  #flushes: { target: number; resolve: () => void }[] = [];
  #scheduled: ReturnType<typeof setImmediate> | undefined;
  #closed = false;

  /** `parse` gets each piece in order; `afterSlice` runs after each slice that parsed any. */
  constructor(parse: (piece: string | Uint8Array) => void, afterSlice: () => void) {
    this.#parse = parse;
    this.#afterSlice = afterSlice;
  }

  /** Units (bytes, or UTF-16 units for strings) written and not parsed yet. */
  get pending(): number {
    return this.#pending;
  }

  /** Whether the queue is empty. */
  get idle(): boolean {
    return this.#head >= this.#items.length;
  }

  /** Queues `data`. */
  write(data: string | Uint8Array): void {
    if (this.#closed || !data.length) return;
    this.#items.push(data);
    this.#pending += data.length;
    this.#written += data.length;
    if (!this.#scheduled) this.#scheduled = setImmediate(() => this.#slice());
  }

  /** Resolves once everything written so far has been parsed. */
  flush(): Promise<void> {
    if (this.#parsed >= this.#written || this.#closed) return Promise.resolve();
    return new Promise((resolve) => this.#flushes.push({ target: this.#written, resolve }));
  }

  /** Drops what is queued and stops; pending flushes resolve. */
  close(): void {
    this.#closed = true;
    if (this.#scheduled) clearImmediate(this.#scheduled);
    this.#items = [];
    this.#pending = 0;
    for (const flush of this.#flushes.splice(0)) flush.resolve();
  }

  #slice(): void {
    this.#scheduled = undefined;
    if (this.#closed) return;
    const started = performance.now();
    let parsed = false;
    while (!this.idle) {
      this.#parse(this.#take());
      parsed = true;
      if (performance.now() - started >= SLICE_MS) break;
    }
    if (this.idle) {
      this.#items = [];
      this.#head = 0;
    } else if (this.#head > 1024) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    if (parsed) {
      this.#afterSlice();
      while (this.#flushes.length && this.#flushes[0]!.target <= this.#parsed) {
        this.#flushes.shift()!.resolve();
      }
    }
    if (!this.idle && !this.#closed) this.#scheduled = setImmediate(() => this.#slice());
  }

  /** The next piece, at most {@link PIECE} long. */
  #take(): string | Uint8Array {
    const head = this.#items[this.#head]!;
    let piece: string | Uint8Array;
    if (this.#offset === 0 && head.length <= PIECE) {
      piece = head;
      this.#head++;
    } else {
      const end = Math.min(head.length, this.#offset + PIECE);
      piece = typeof head === "string"
        ? head.slice(this.#offset, end)
        : head.subarray(this.#offset, end);
      this.#offset = end;
      if (end === head.length) {
        this.#offset = 0;
        this.#head++;
      }
    }
    this.#pending -= piece.length;
    this.#parsed += piece.length;
    return piece;
  }
}
