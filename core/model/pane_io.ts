/**
 * Wires a PTY to its screen: output goes to the screen (as bytes, the parser's fast path) and
 * to an optional text listener; the PTY is paused while the screen is behind by more than a
 * high-water mark and resumed once it catches up, so a flood never buffers without bound.
 *
 * @module
 */

import type { PanePty } from "./pane_pty.ts";
import { DEFAULT_LOW_WATER, type Screen } from "../screen/mod.ts";

/** Options of {@link pipe}. */
export interface PipeOptions {
  /** Told of every chunk, cheaply (no decoding): for activity and state. */
  onActivity?: () => void;
  /**
   * Receives the output as text (UTF-8 decoded, split characters kept whole), in pieces of at
   * most {@link OUTPUT_PIECE} UTF-16 units.
   */
  onOutput?: (data: string) => void;
  /**
   * Whether anyone wants the text right now (default: yes). Decoding every chunk costs; with
   * nobody listening it is skipped, and a new decoder starts when someone listens again.
   */
  wantsText?: () => boolean;
  /** Pause the PTY while the screen has more than this many bytes to parse (default 1 MiB). */
  highWater?: number;
  /** Resume once it is down to this many (default 256 KiB). */
  lowWater?: number;
  /**
   * Asked for every chunk: a function returned takes the chunk as text instead of the screen
   * (and writes what should be shown itself), e.g. a filter that hides sideband commands.
   */
  display?: () => ((text: string, bytes: Uint8Array) => void) | undefined;
}

/** The part of a PTY that {@link pipe} uses. */
export type PipePty = Pick<PanePty, "onBytes" | "onExit" | "pause" | "resume">;

/**
 * Largest piece of output text handed on at once. The reader hands over up to 256 KiB per
 * chunk; as one `pane.output` event, a quiet pane's echo would wait behind a whole chunk of a
 * flooding pane in a connection's fair queue (it takes turns per event).
 */
export const OUTPUT_PIECE = 16 * 1024;

/**
 * Calls `each` with `text` in pieces of at most `size` UTF-16 units, never splitting a
 * surrogate pair.
 *
 * @example
 * ```ts
 * import { inPieces } from "./pane_io.ts";
 * const out: string[] = [];
 * inPieces("abcde", 2, (p) => out.push(p));
 * console.assert(out.join("|") === "ab|cd|e");
 * ```
 */
export function inPieces(text: string, size: number, each: (piece: string) => void): void {
  if (text.length <= size) return each(text);
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + size);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && end - at > 1 && code >= 0xd800 && code <= 0xdbff) end--;
    each(text.slice(at, end));
    at = end;
  }
}

/** Default high-water mark of {@link pipe}. */
export const DEFAULT_HIGH_WATER = 1 << 20;

/**
 * Feeds `pty`'s output to `screen` (and `onOutput`) with back-pressure. Returns a disposer
 * that unhooks everything and resumes the PTY if it was paused.
 *
 * @example
 * ```ts
 * import { Pty } from "../pty/mod.ts";
 * import { Screen } from "../screen/mod.ts";
 * import { pipe } from "./pane_io.ts";
 * const pty = Pty.spawn({ argv: ["echo", "hi"], cwd: "/", env: {}, cols: 80, rows: 24 });
 * const screen = new Screen({ cols: 80, rows: 24, historyBytes: 1 << 20, reply: (d) => pty.write(d) });
 * const unpipe = pipe(pty, screen, {});
 * pty.onExit(async () => {
 *   await screen.flush();
 *   console.assert(screen.read().text.startsWith("hi"));
 *   unpipe();
 * });
 * ```
 */
export function pipe(pty: PipePty, screen: Screen, options: PipeOptions): () => void {
  const high = options.highWater ?? DEFAULT_HIGH_WATER;
  const low = Math.min(options.lowWater ?? DEFAULT_LOW_WATER, high);
  let decoder = new TextDecoder();
  let decoding = false;
  const onOutput = options.onOutput;
  let paused = false;

  const offBytes = pty.onBytes((bytes) => {
    options.onActivity?.();
    const display = options.display?.();
    const wanted = !!onOutput && (options.wantsText?.() ?? true);
    if ((wanted || display) && !decoding) decoder = new TextDecoder();
    decoding = wanted || !!display;
    const text = decoding ? decoder.decode(bytes, { stream: true }) : "";
    if (display) display(text, bytes);
    else screen.write(bytes);
    if (wanted && text) inPieces(text, OUTPUT_PIECE, onOutput);
    if (!paused && screen.pendingBytes > high) {
      paused = true;
      pty.pause();
    }
  });
  const offDrain = screen.onDrain(() => {
    if (paused && screen.pendingBytes <= low) {
      paused = false;
      pty.resume();
    }
  });
  const offExit = pty.onExit(() => {
    const tail = decoding ? decoder.decode() : "";
    if (tail && onOutput) inPieces(tail, OUTPUT_PIECE, onOutput);
  });
  return () => {
    offBytes();
    offDrain();
    offExit();
    if (paused) pty.resume();
    paused = false;
  };
}
