/** One result of {@link LineDecoder}: a line of text, or the size of a line that was too long. */
export type DecodedLine = { line: string } | { tooLarge: number };

/** Options for {@link LineDecoder}. */
export interface LineDecoderOptions {
  /** The longest line kept, in bytes before its `\n`; default 16 MiB. */
  maxLineBytes?: number;
}

const NEWLINE = 0x0a;

/**
 * Splits a byte stream into `\n`-terminated lines of UTF-8 text. Chunks may break anywhere,
 * even inside a multi-byte character: lines are cut on bytes and decoded whole. A trailing
 * `\r` is dropped (CRLF is fine) and blank lines are skipped. Invalid UTF-8 becomes U+FFFD
 * rather than an error.
 *
 * A line longer than `maxLineBytes` is not kept: its bytes are dropped as they come, and when
 * its `\n` (or {@link LineDecoder.end}) arrives it is reported once as `{ tooLarge: bytes }`,
 * in order with the other lines. The decoder stays usable for the lines after it.
 *
 * @example
 * ```ts
 * import { LineDecoder } from "./line_decoder.ts";
 * const decoder = new LineDecoder();
 * const bytes = new TextEncoder().encode('{"a":"é"}\r\n\n{"b":1}\n');
 * const lines = [...decoder.push(bytes.subarray(0, 7)), ...decoder.push(bytes.subarray(7))];
 * console.assert(lines.length === 2 && "line" in lines[0]! && lines[0].line === '{"a":"é"}');
 * ```
 */
export class LineDecoder {
  readonly #max: number;
  readonly #decoder = new TextDecoder();
  #parts: Uint8Array[] = [];
  #size = 0;
  #skipping = false;

  constructor(options: LineDecoderOptions = {}) {
    const max = options.maxLineBytes ?? 16 * 1024 * 1024;
    if (!Number.isInteger(max) || max < 1) {
      throw new RangeError(`Cannot decode lines: maxLineBytes ${max} is not an integer >= 1`);
    }
    this.#max = max;
  }

  /** Feeds a chunk; returns the lines it completed. */
  push(chunk: Uint8Array): DecodedLine[] {
    const out: DecodedLine[] = [];
    let start = 0;
    while (start < chunk.length) {
      const nl = chunk.indexOf(NEWLINE, start);
      const end = nl < 0 ? chunk.length : nl;
      this.#take(chunk.subarray(start, end), nl >= 0);
      if (nl < 0) break;
      this.#finish(out);
      start = nl + 1;
    }
    return out;
  }

  /** Ends the stream: returns the unterminated last line, if any, and resets the decoder. */
  end(): DecodedLine[] {
    const out: DecodedLine[] = [];
    this.#finish(out);
    return out;
  }

  #take(bytes: Uint8Array, complete: boolean): void {
    this.#size += bytes.length;
    if (this.#skipping || bytes.length === 0) return;
    if (this.#size > this.#max) {
      this.#skipping = true;
      this.#parts = [];
      return;
    }
    // A part kept past this push must be copied: callers often reuse their read buffer.
    this.#parts.push(complete ? bytes : bytes.slice());
  }

  #finish(out: DecodedLine[]): void {
    if (this.#skipping) out.push({ tooLarge: this.#size });
    else if (this.#parts.length) {
      let text = this.#decoder.decode(concat(this.#parts));
      if (text.endsWith("\r")) text = text.slice(0, -1);
      if (text.trim() !== "") out.push({ line: text });
    }
    this.#parts = [];
    this.#size = 0;
    this.#skipping = false;
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}
