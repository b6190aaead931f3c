/**
 * A canvas pane's stand-in for a PTY: no process. What its owner draws arrives as output (so
 * the screen, `pane.read`, `pane.output` and every client see it as they see a program's), and
 * what is typed into it or a new size goes to the owner as events instead of to a program.
 *
 * @module
 */

import type { ExitInfo, SpawnOptions } from "../pty/mod.ts";
import type { PanePty } from "./pane_pty.ts";
import type { PaneProcesses } from "../pty/mod.ts";

/** Where a canvas tells its owner about input and size. */
export interface CanvasHooks {
  /** Keys or text typed into the pane (as the bytes a program would have read). */
  input: (data: string) => void;
  /** The pane has a new size: the owner should draw again. */
  resized: (cols: number, rows: number) => void;
}

/**
 * The PTY of a canvas pane.
 *
 * @example
 * ```ts
 * import { CanvasPty } from "./canvas_pty.ts";
 * const typed: string[] = [];
 * const pty = new CanvasPty("canvas", { input: (d) => typed.push(d), resized: () => {} });
 * pty.write("q");
 * console.assert(typed[0] === "q" && pty.pid === 0);
 * ```
 */
export class CanvasPty implements PanePty {
  /** No process: 0, which no real PTY child has. */
  readonly pid = 0;
  /** Who may draw on it: a plugin's name, or `<caller kind>:<id>`. */
  readonly owner: string;
  #hooks: CanvasHooks;
  #bytes = new Set<(data: Uint8Array) => void>();
  #exit = new Set<(info: ExitInfo) => void>();
  #ended = false;
  #input = 0;
  #encoder = new TextEncoder();
  #decoder = new TextDecoder();

  constructor(owner: string, hooks: CanvasHooks) {
    this.owner = owner;
    this.#hooks = hooks;
  }

  get inputBytes(): number {
    return this.#input;
  }

  /** Typed input goes to the owner. */
  write(data: string | Uint8Array): void {
    if (this.#ended) return;
    const text = typeof data === "string" ? data : this.#decoder.decode(data);
    this.#input += typeof data === "string" ? this.#encoder.encode(data).length : data.length;
    if (text) this.#hooks.input(text);
  }

  resize(cols: number, rows: number): void {
    if (!this.#ended) this.#hooks.resized(cols, rows);
  }

  /** Shows `frame` (terminal output: text and escape sequences) on the pane's screen. */
  draw(frame: string): void {
    if (this.#ended) return;
    const bytes = this.#encoder.encode(frame);
    for (const listener of this.#bytes) listener(bytes);
  }

  /** Ends the canvas: exit listeners hear a clean exit once. */
  kill(_signal?: string): void {
    if (this.#ended) return;
    this.#ended = true;
    for (const listener of this.#exit) listener({ code: 0, signal: null });
  }

  onBytes(listener: (data: Uint8Array) => void): () => void {
    this.#bytes.add(listener);
    return () => this.#bytes.delete(listener);
  }

  onExit(listener: (info: ExitInfo) => void): () => void {
    this.#exit.add(listener);
    return () => this.#exit.delete(listener);
  }

  pause(): void {}

  resume(): void {}

  foregroundGroup(): number | undefined {
    return undefined;
  }
}

/** A spawn function and process reaper for one canvas pane (no process to start or end). */
export function canvasLaunch(owner: string, hooks: CanvasHooks): {
  spawn: (options: SpawnOptions) => CanvasPty;
  processes: PaneProcesses;
} {
  const pty = new CanvasPty(owner, hooks);
  return {
    spawn: () => pty,
    processes: {
      track: () => {},
      end: () => Promise.resolve(pty.kill()),
    },
  };
}

/** The owner of a canvas pane's PTY, or null for a PTY that runs a program. */
export function canvasOwner(pty: PanePty): string | null {
  return pty instanceof CanvasPty ? pty.owner : null;
}
