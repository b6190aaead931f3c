/**
 * A pane whose program starts later: a restore puts the whole tree back (every pane, its screen,
 * its place) before the server listens, and starts the programs after, so a client's first call
 * sees the restored tree without waiting for fifty `fork`s (~5 ms each on the event loop).
 * Until it starts, the stand-in has no process (pid 0, as a canvas): input is kept for the
 * program, a new size is the one it starts with, ending the pane cancels the start.
 *
 * @module
 */

import type { ExitInfo, PaneProcesses, SpawnOptions } from "../pty/mod.ts";
import type { PanePty, SpawnPty } from "./pane_pty.ts";

/** Most input (UTF-16 units or bytes) kept for a program that has not started; more is dropped. */
const MAX_KEPT_INPUT = 1024 * 1024;

/** A PTY stand-in whose program starts on {@link DeferredPty.start}. */
export class DeferredPty implements PanePty {
  #spawn: SpawnPty;
  #processes: PaneProcesses;
  #options: SpawnOptions | undefined;
  #real: PanePty | undefined;
  #ended = false;
  #paused = false;
  #input: (string | Uint8Array)[] = [];
  #inputBytes = 0;
  #bytes = new Map<(data: Uint8Array) => void, (() => void) | undefined>();
  #exit = new Map<(info: ExitInfo) => void, (() => void) | undefined>();

  constructor(spawn: SpawnPty, processes: PaneProcesses) {
    this.#spawn = spawn;
    this.#processes = processes;
  }

  /** What the pane asked for; nothing starts yet. */
  prepare(options: SpawnOptions): this {
    this.#options = { ...options };
    return this;
  }

  /** The program's pid once started; 0 before (no process). */
  get pid(): number {
    return this.#real?.pid ?? 0;
  }

  get inputBytes(): number {
    return this.#real?.inputBytes ?? 0;
  }

  /**
   * Starts the program with the latest size, hands it the input kept for it; a spawn that
   * fails now ends the pane as a program that could not run (exit code 127, as a shell says).
   */
  start(): void {
    if (this.#real || this.#ended || !this.#options) return;
    try {
      this.#real = this.#spawn(this.#options);
    } catch {
      return this.#end({ code: 127, signal: null });
    }
    this.#processes.track(this.#real.pid);
    for (const listener of this.#bytes.keys()) {
      this.#bytes.set(listener, this.#real.onBytes(listener));
    }
    for (const listener of this.#exit.keys()) {
      this.#exit.set(listener, this.#real.onExit(listener));
    }
    if (this.#paused) this.#real.pause();
    for (const data of this.#input.splice(0)) this.#real.write(data);
    this.#inputBytes = 0;
  }

  /** Ends the pane: its process's session when started, else the start is cancelled. */
  end(): Promise<void> {
    if (this.#real) return this.#processes.end(this.#real.pid);
    this.#end({ code: null, signal: "SIGHUP" });
    return Promise.resolve();
  }

  write(data: string | Uint8Array): void {
    if (this.#real) return this.#real.write(data);
    // A held pane (`restoreSession`'s `hold`) may wait for ever: what is kept for it is capped.
    if (this.#ended || this.#inputBytes + data.length > MAX_KEPT_INPUT) return;
    this.#inputBytes += data.length;
    this.#input.push(data);
  }

  resize(cols: number, rows: number): void {
    if (this.#real) this.#real.resize(cols, rows);
    else if (this.#options) this.#options = { ...this.#options, cols, rows };
  }

  kill(signal?: string): void {
    if (this.#real) this.#real.kill(signal);
    else this.#end({ code: null, signal: signal ?? "SIGHUP" });
  }

  onBytes(listener: (data: Uint8Array) => void): () => void {
    this.#bytes.set(listener, this.#real?.onBytes(listener));
    return () => {
      this.#bytes.get(listener)?.();
      this.#bytes.delete(listener);
    };
  }

  onExit(listener: (info: ExitInfo) => void): () => void {
    this.#exit.set(listener, this.#real?.onExit(listener));
    return () => {
      this.#exit.get(listener)?.();
      this.#exit.delete(listener);
    };
  }

  pause(): void {
    this.#paused = true;
    this.#real?.pause();
  }

  resume(): void {
    this.#paused = false;
    this.#real?.resume();
  }

  foregroundGroup(): number | undefined {
    return this.#real?.foregroundGroup();
  }

  #end(info: ExitInfo): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#input = [];
    this.#inputBytes = 0;
    for (const listener of [...this.#exit.keys()]) listener(info);
  }
}

/**
 * What {@link Pane} is given for a deferred start: a spawn that returns the stand-in, and
 * processes that track the real child once it runs.
 *
 * @example
 * ```ts ignore
 * const launch = deferredLaunch(Pty.spawn, processes);
 * const pane = new Pane(ids, full, { ...launch, agent, now, hooks });
 * // later, after the server listens:
 * launch.pty.start();
 * ```
 */
export function deferredLaunch(spawn: SpawnPty, processes: PaneProcesses): {
  pty: DeferredPty;
  spawn: (options: SpawnOptions) => DeferredPty;
  processes: PaneProcesses;
} {
  const pty = new DeferredPty(spawn, processes);
  return {
    pty,
    spawn: (options) => pty.prepare(options),
    // The pane tracks pid 0 at once (nothing); the stand-in tracks the real child when it runs.
    processes: { track: () => {}, end: () => pty.end() },
  };
}
