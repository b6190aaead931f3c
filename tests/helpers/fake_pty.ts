/**
 * A fake PTY for tests of the model and the commands: no process, no reader thread. A test
 * feeds it output (which the pane's real Screen parses), reads what was written to it, and
 * makes it exit. {@link FakePtys} is the spawn function the model is given.
 *
 * @module
 */

import type { ExitInfo, ForegroundProcess, SpawnOptions } from "../../core/pty/mod.ts";
import type { ModelProcesses, PanePty, SpawnPty } from "../../core/model/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";

const encoder = new TextEncoder();

/** A program on a pretend terminal; everything happens when the test says so. */
export class FakePty implements PanePty {
  readonly pid: number;
  /** What it was started with. */
  readonly options: SpawnOptions;
  cols: number;
  rows: number;
  /** Whether output is held back (the pane's back-pressure). */
  paused = false;
  /** Signals sent with {@link kill}, in order. */
  readonly signals: string[] = [];
  /** Whether {@link kill} ends the program (default: yes, as a shell does on SIGHUP). */
  diesOnSignal = true;
  /** What runs in front, as the model's foreground look sees it (the test sets it). */
  foreground: ForegroundProcess | null = null;
  #written = "";
  #inputBytes = 0;
  #decoder = new TextDecoder();
  #exited: ExitInfo | undefined;
  #byteListeners = new Set<(data: Uint8Array) => void>();
  #exitListeners = new Set<(info: ExitInfo) => void>();
  #inputListeners = new Set<(text: string) => void>();

  constructor(pid: number, options: SpawnOptions) {
    checkSize(options.cols, options.rows);
    this.pid = pid;
    this.options = options;
    this.cols = options.cols;
    this.rows = options.rows;
  }

  /** Everything written to the program so far, as text. */
  get written(): string {
    return this.#written;
  }

  /** How the program ended, once it has. */
  get exited(): ExitInfo | undefined {
    return this.#exited;
  }

  /** The program prints `data` (delivered at once, to every output listener). */
  output(data: string | Uint8Array): void {
    if (this.#exited) throw new Error(`FakePty ${this.pid}: output after exit`);
    const bytes = typeof data === "string" ? encoder.encode(data) : data;
    for (const listener of this.#byteListeners) listener(bytes);
  }

  /** The program ends with an exit code or the name of the signal that killed it. */
  exit(how: number | string = 0): void {
    if (this.#exited) return;
    this.#exited = typeof how === "number"
      ? { code: how, signal: null }
      : { code: null, signal: how };
    const listeners = [...this.#exitListeners];
    this.#exitListeners.clear();
    for (const listener of listeners) listener(this.#exited);
  }

  /** Calls `listener` with each piece of input the program is sent (a scripted program). */
  onInput(listener: (text: string) => void): () => void {
    this.#inputListeners.add(listener);
    return () => this.#inputListeners.delete(listener);
  }

  write(data: string | Uint8Array): void {
    if (this.#exited) return;
    const text = typeof data === "string" ? data : this.#decoder.decode(data, { stream: true });
    this.#written += text;
    this.#inputBytes += typeof data === "string" ? encoder.encode(data).length : data.length;
    for (const listener of this.#inputListeners) listener(text);
  }

  get inputBytes(): number {
    return this.#inputBytes;
  }

  /** No process runs: the model reads {@link foreground} through the test core instead. */
  foregroundGroup(): number | undefined {
    return undefined;
  }

  resize(cols: number, rows: number): void {
    checkSize(cols, rows);
    this.cols = cols;
    this.rows = rows;
  }

  /**
   * Records the signal; the program dies of it a moment later unless {@link diesOnSignal} is
   * off (SIGKILL always kills).
   */
  kill(signal = "SIGHUP"): void {
    if (this.#exited) return;
    this.signals.push(signal);
    if (this.diesOnSignal || signal === "SIGKILL") queueMicrotask(() => this.exit(signal));
  }

  onBytes(listener: (data: Uint8Array) => void): () => void {
    this.#byteListeners.add(listener);
    return () => this.#byteListeners.delete(listener);
  }

  onExit(listener: (info: ExitInfo) => void): () => void {
    const info = this.#exited;
    if (info) {
      queueMicrotask(() => listener(info));
      return () => {};
    }
    this.#exitListeners.add(listener);
    return () => this.#exitListeners.delete(listener);
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
  }
}

/** Options of {@link FakePtys}. */
export interface FakePtysOptions {
  /**
   * Why a program cannot start (it then fails with `SPAWN_FAILED`, as `Pty.spawn` does for a
   * missing program), or undefined to start it.
   */
  refuse?: (options: SpawnOptions) => string | undefined;
  /** Told of each new PTY before the pane attaches to it (script it in a microtask). */
  onSpawn?: (pty: FakePty) => void;
}

/**
 * The spawn function for a model under test, and every PTY it started.
 *
 * @example
 * ```ts
 * import { FakePtys } from "./fake_pty.ts";
 * const ptys = new FakePtys();
 * const pty = FakePtys.of({ pty: ptys.spawn({ argv: ["sh"], cwd: "/", env: {}, cols: 80, rows: 24 }) });
 * pty.write("ls\r");
 * console.assert(pty.written === "ls\r" && ptys.started.length === 1);
 * ```
 */
export class FakePtys {
  /** Every PTY started, in order (exited ones too). */
  readonly started: FakePty[] = [];
  /**
   * The process reaper for these PTYs (what the model is given as its `processes`): ending a
   * pane sends SIGHUP and, to a program that ignores it, SIGKILL; it resolves on the exit.
   * No real process is ever signalled (the pids are made up).
   */
  readonly processes: ModelProcesses = {
    track: (pid) => void this.#tracked.add(pid),
    end: (pid) => this.#end(pid),
    settled: async () => {
      while (this.#ending.size) await Promise.all(this.#ending);
    },
  };
  #options: FakePtysOptions;
  #nextPid = 10_001;
  #tracked = new Set<number>();
  #ending = new Set<Promise<void>>();

  constructor(options: FakePtysOptions = {}) {
    this.#options = options;
  }

  /** The fake PTY of a pane (throws if the pane has a real one). */
  static of(pane: { pty: PanePty }): FakePty {
    if (!(pane.pty instanceof FakePty)) throw new TypeError("The pane's PTY is not a FakePty");
    return pane.pty;
  }

  /** Throws what {@link spawn} would, starting nothing (the model's `checkSpawn`). */
  readonly check = (options: SpawnOptions): void => {
    const why = this.#options.refuse?.(options);
    if (why !== undefined) {
      throw new WeftError("SPAWN_FAILED", `Cannot spawn "${options.argv[0]}": ${why}`);
    }
  };

  /** Starts a fake program: what the model is given as its `spawn`. */
  readonly spawn: SpawnPty = (options) => {
    this.check(options);
    const pty = new FakePty(this.#nextPid++, options);
    this.started.push(pty);
    this.#options.onSpawn?.(pty);
    return pty;
  };

  #end(pid: number): Promise<void> {
    const pty = this.started.find((p) => p.pid === pid);
    if (!pty || !this.#tracked.delete(pid) || pty.exited) return Promise.resolve();
    const gone = new Promise<void>((resolve) => pty.onExit(() => resolve()));
    this.#ending.add(gone);
    void gone.then(() => this.#ending.delete(gone));
    pty.kill("SIGHUP");
    if (!pty.diesOnSignal) pty.kill("SIGKILL");
    return gone;
  }
}

function checkSize(cols: number, rows: number): void {
  if (!Number.isInteger(cols) || !Number.isInteger(rows) || cols < 1 || rows < 1) {
    throw new RangeError(`Cannot size a terminal ${cols}x${rows}: need positive integers`);
  }
}
