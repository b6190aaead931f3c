/**
 * Terminal escape sequences met inside a tag. A program (or a TUI) may move the cursor instead
 * of writing spaces; inside a tag such moves stand for the spaces they skip. Every other
 * escape (colours, OSC titles, charset switches) is dropped.
 *
 * @module
 */

/** Where an escape sequence being read stands. */
export type EscapeStep =
  | { done: false }
  /** Complete: how many spaces it stands for, and the column after it. */
  | { done: true; spaces: number; col: number }
  /** Not an escape after all: the last character fed starts over as ordinary input. */
  | { done: true; spaces: 0; col: number; reject: true };

const MAX_ESCAPE = 256;

/**
 * Reads one escape sequence, starting with ESC. `col` is the cursor column before it (0-based),
 * needed for `ESC[nG` (cursor to column n), which stands for the spaces up to that column.
 */
export class EscapeReader {
  #seq = "\x1b";
  #col: number;

  constructor(col: number) {
    this.#col = col;
  }

  /** Feeds the next character of the sequence. */
  feed(c: string): EscapeStep {
    this.#seq += c;
    const kind = this.#seq[1];
    const code = c.charCodeAt(0);
    if (this.#seq.length > MAX_ESCAPE) return this.#end(0);
    if (this.#seq.length === 2) {
      if (c === "[" || c === "]" || c === "P" || c === "_" || c === "^") return { done: false };
      if (code >= 0x20 && code <= 0x2f) return { done: false }; // ESC ( B and the like
      return code >= 0x30 && code <= 0x7e ? this.#end(0) : this.#reject();
    }
    if (kind === "[") return this.#csi(c, code);
    if (kind === "]" || kind === "P" || kind === "_" || kind === "^") {
      if (c === "\x07" || (c === "\\" && this.#seq.at(-2) === "\x1b")) return this.#end(0);
      return { done: false };
    }
    // ESC intermediates… final
    if (code >= 0x20 && code <= 0x2f) return { done: false };
    return code >= 0x30 && code <= 0x7e ? this.#end(0) : this.#reject();
  }

  #csi(c: string, code: number): EscapeStep {
    if (code >= 0x20 && code <= 0x3f) return { done: false };
    if (code < 0x40 || code > 0x7e) return this.#reject();
    const params = this.#seq.slice(2, -1);
    const n = /^\d*$/.test(params) ? Math.max(1, Number(params || "1")) : 1;
    if (c === "C") return this.#end(Math.min(n, MAX_ESCAPE));
    if (c === "G") {
      const target = Math.min(n - 1, this.#col + MAX_ESCAPE);
      return target > this.#col
        ? this.#end(target - this.#col)
        : { done: true, spaces: 0, col: target };
    }
    return this.#end(0);
  }

  #end(spaces: number): EscapeStep {
    return { done: true, spaces, col: this.#col + spaces };
  }

  #reject(): EscapeStep {
    return { done: true, spaces: 0, col: this.#col, reject: true };
  }
}
