/**
 * The byte form of plugin messages between processes: one JSON object per line (JSON escapes
 * every newline inside a string, so a line is always one whole message).
 *
 * @module
 */

/** The command-line flag that tells a plugin module it runs as a plugin process, and for whom. */
export const PROCESS_FLAG = "--weft-plugin=";

/**
 * One message as a line. Throws a `TypeError` for a value JSON cannot carry (a cycle, a
 * BigInt), as `postMessage` throws for one it cannot clone.
 *
 * @example
 * ```ts
 * import { encodeFrame } from "./frames.ts";
 * console.assert(encodeFrame({ type: "ping", seq: 1 }) === '{"type":"ping","seq":1}\n');
 * ```
 */
export function encodeFrame(message: unknown): string {
  return JSON.stringify(message) + "\n";
}

/**
 * Splits a text stream into lines; a line longer than `maxChars` (without its end yet) is an
 * error, so a peer cannot make the reader buffer without bound.
 *
 * @example
 * ```ts
 * import { LineReader } from "./frames.ts";
 * const reader = new LineReader(100);
 * console.assert(reader.push('{"a":1}\n{"b"').length === 1);
 * console.assert(reader.push(":2}\n")[0] === '{"b":2}');
 * ```
 */
export class LineReader {
  // The unfinished line in pieces: a long message arrives in many chunks, and joining only at
  // its end keeps reading linear.
  #parts: string[] = [];
  #size = 0;
  #maxChars: number;

  constructor(maxChars: number) {
    this.#maxChars = maxChars;
  }

  /** The complete lines `text` ends, without their newlines; throws `RangeError` past the cap. */
  push(text: string): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", start)) {
      this.#parts.push(text.slice(start, nl));
      const line = this.#parts.join("");
      this.#parts = [];
      this.#size = 0;
      if (line.length > 0) lines.push(line);
      start = nl + 1;
    }
    if (start < text.length) {
      this.#parts.push(text.slice(start));
      this.#size += text.length - start;
    }
    if (this.#size > this.#maxChars) {
      this.#parts = [];
      this.#size = 0;
      throw new RangeError(`a line is longer than ${this.#maxChars} characters`);
    }
    return lines;
  }
}
