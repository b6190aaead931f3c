/**
 * The PTY host: starts a program on a pseudo-terminal (forkpty through `@lydell/node-pty`'s
 * native addon) and moves its bytes. Reading happens on a shared reader thread
 * (`_pty_reader_worker.ts`), so the program keeps running while the main thread parses.
 *
 * @module
 */

import { constants } from "node:os";
import requireBinaryModule from "@lydell/node-pty/requireBinary.js";
import { WeftError } from "../../protocols/bus/errors.ts";
import { closeFd, libc, setCloseOnExec, writeSome } from "./_libc.ts";
import { attachReader, type ReaderHandle } from "./_reader.ts";
import { firstProgram } from "../../protocols/terminal/shell_words.ts";

/** How to start a program on a PTY. */
export interface SpawnOptions {
  /** Program and arguments; the program is looked up on `env.PATH` unless it has a slash. */
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  cols: number;
  rows: number;
  /**
   * The shell line `argv` runs, when it is `[...shell, "-c", command]`: its first program is
   * looked up too, so a missing one fails here rather than as a pane that exits 127.
   */
  command?: string;
}

/** How a program ended: an exit code, or the name of the signal that killed it. */
export interface ExitInfo {
  code: number | null;
  /** A signal name such as "SIGTERM", or null. */
  signal: string | null;
}

interface NativePty {
  fork(
    file: string,
    args: string[],
    env: string[],
    cwd: string,
    cols: number,
    rows: number,
    uid: number,
    gid: number,
    utf8: boolean,
    helperPath: string,
    onExit: (code: number, signal: number) => void,
  ): { fd: number; pid: number; pty: string };
  resize(fd: number, cols: number, rows: number): void;
}

let loaded: NativePty | undefined;

/** node-pty's native addon, loaded on first use (it needs FFI permission; importing does not). */
function native(): NativePty {
  return loaded ??= (requireBinaryModule as unknown as {
    requireBinary(file: string): NativePty;
  }).requireBinary("pty.node");
}

/** Signal numbers to names; the first name wins where two share a number (SIGABRT, SIGIOT). */
const SIGNAL_NAMES = new Map<number, string>();
for (const [name, num] of Object.entries(constants.signals)) {
  if (!SIGNAL_NAMES.has(num as number)) SIGNAL_NAMES.set(num as number, name);
}
const DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin";
const encoder = new TextEncoder();
const WRITE_RETRY_MS = 5;

/**
 * A program running on a pseudo-terminal.
 *
 * @example
 * ```ts
 * import { Pty } from "./pty.ts";
 * const pty = Pty.spawn({ argv: ["echo", "hi"], cwd: "/", env: {}, cols: 80, rows: 24 });
 * pty.onData((text) => console.log(text));
 * pty.onExit((info) => console.assert(info.code === 0));
 * ```
 */
export class Pty {
  /** The child's process id. */
  readonly pid: number;
  #fd: number;
  #reader: ReaderHandle;
  #decoder = new TextDecoder();
  #dataListeners = new Set<(data: string) => void>();
  #byteListeners = new Set<(data: Uint8Array) => void>();
  #exitListeners = new Set<(info: ExitInfo) => void>();
  #status: ExitInfo | undefined;
  #readerDone = false;
  #exited: ExitInfo | undefined;
  #pendingWrites: Uint8Array[] = [];
  #writeTimer: ReturnType<typeof setTimeout> | undefined;
  #inputBytes = 0;

  private constructor(fd: number, pid: number) {
    this.#fd = fd;
    this.pid = pid;
    this.#reader = attachReader(fd, {
      data: (bytes) => this.#deliver(bytes),
      end: () => this.#readerEnded(),
    });
  }

  /**
   * Throws what {@link Pty.spawn} would for a missing program or directory or a bad size,
   * starting nothing; returns the program to run.
   */
  static check(options: SpawnOptions): string {
    const program = checkSpawn(options);
    checkSize(options.cols, options.rows);
    return program;
  }

  /**
   * Starts `options.argv` on a new PTY. Throws `SPAWN_FAILED` when the program cannot be
   * found or run, or the directory does not exist; checked before anything starts.
   */
  static spawn(options: SpawnOptions): Pty {
    const program = Pty.check(options);
    try {
      native();
      libc();
    } catch (err) {
      throw new WeftError(
        "SPAWN_FAILED",
        `Cannot spawn "${program}": the PTY host needs FFI (--allow-ffi): ${
          (err as Error).message
        }`,
      );
    }
    const env = { TERM: "xterm-256color", PWD: options.cwd, ...options.env };
    const envList = Object.entries(env).map(([k, v]) => `${k}=${v}`);
    let forked: { fd: number; pid: number };
    const born: { pty?: Pty } = {};
    try {
      forked = native().fork(
        program,
        options.argv.slice(1),
        envList,
        options.cwd,
        options.cols,
        options.rows,
        -1,
        -1,
        true,
        "spawn-helper-unused",
        (code, signal) => born.pty && born.pty.#nativeExit(code, signal),
      );
    } catch (err) {
      throw new WeftError(
        "SPAWN_FAILED",
        `Cannot spawn "${options.argv[0]}": ${(err as Error).message}`,
      );
    }
    setCloseOnExec(forked.fd);
    born.pty = new Pty(forked.fd, forked.pid);
    return born.pty;
  }

  /** Calls `listener` with the program's output as text (UTF-8, split sequences kept whole). */
  onData(listener: (data: string) => void): () => void {
    this.#dataListeners.add(listener);
    return () => this.#dataListeners.delete(listener);
  }

  /** Calls `listener` with the program's output as raw bytes (cheaper than text). */
  onBytes(listener: (data: Uint8Array) => void): () => void {
    this.#byteListeners.add(listener);
    return () => this.#byteListeners.delete(listener);
  }

  /** Calls `listener` once when the program has ended and all its output was delivered. */
  onExit(listener: (info: ExitInfo) => void): () => void {
    const info = this.#exited;
    if (info) {
      queueMicrotask(() => listener(info));
      return () => {};
    }
    this.#exitListeners.add(listener);
    return () => this.#exitListeners.delete(listener);
  }

  /** Sends input to the program; ignored after it ended. Input it does not take yet is queued. */
  write(data: string | Uint8Array): void {
    if (this.#fd < 0 || this.#exited) return;
    const bytes = typeof data === "string" ? encoder.encode(data) : data;
    if (!bytes.length) return;
    this.#inputBytes += bytes.length;
    this.#pendingWrites.push(bytes);
    if (this.#writeTimer === undefined) this.#flushWrites();
  }

  /** Changes the terminal size the program sees (it gets SIGWINCH). */
  resize(cols: number, rows: number): void {
    checkSize(cols, rows);
    if (this.#fd < 0 || this.#exited) return;
    try {
      native().resize(this.#fd, cols, rows);
    } catch {
      // the PTY is going away
    }
  }

  /** Sends a signal to the program (SIGHUP by default, as tmux does); ignored after it ended. */
  kill(signal: string = "SIGHUP"): void {
    if (this.#exited || this.#status) return;
    if (!SIGNAL_NAMES_SET.has(signal)) {
      throw new WeftError("INVALID_INPUT", `Cannot send signal "${signal}": no such signal`);
    }
    try {
      Deno.kill(this.pid, signal as Deno.Signal);
    } catch {
      // already gone
    }
  }

  /** How many bytes of input {@link write} was given so far (a cheap "was there input" mark). */
  get inputBytes(): number {
    return this.#inputBytes;
  }

  /**
   * The terminal's foreground process group (`tcgetpgrp` on the master: what runs in front, as
   * tmux's `pane_current_command` reads it), or undefined once the PTY is closed.
   */
  foregroundGroup(): number | undefined {
    if (this.#fd < 0 || this.#exited) return undefined;
    const group = libc().tcgetpgrp(this.#fd);
    return group > 0 ? group : undefined;
  }

  /** Stops reading the PTY (the program blocks once its buffer fills). */
  pause(): void {
    this.#reader.pause();
  }

  /** Starts reading the PTY again. */
  resume(): void {
    this.#reader.resume();
  }

  /** How the program ended, once {@link onExit} has fired. */
  get exited(): ExitInfo | undefined {
    return this.#exited;
  }

  #deliver(bytes: Uint8Array): void {
    for (const listener of this.#byteListeners) listener(bytes);
    if (!this.#dataListeners.size) return;
    const text = this.#decoder.decode(bytes, { stream: true });
    if (text) { for (const listener of this.#dataListeners) listener(text); }
  }

  #nativeExit(code: number, signal: number): void {
    this.#status = signal
      ? { code: null, signal: SIGNAL_NAMES.get(signal) ?? `SIG${signal}` }
      : { code, signal: null };
    if (this.#readerDone) this.#finish();
    else this.#reader.drain();
  }

  #readerEnded(): void {
    this.#readerDone = true;
    closeFd(this.#fd);
    this.#fd = -1;
    this.#pendingWrites = [];
    clearTimeout(this.#writeTimer);
    this.#writeTimer = undefined;
    if (this.#status) this.#finish();
  }

  #finish(): void {
    if (this.#exited || !this.#status) return;
    const tail = this.#decoder.decode();
    if (tail) { for (const listener of this.#dataListeners) listener(tail); }
    clearTimeout(this.#writeTimer);
    this.#exited = this.#status;
    const listeners = [...this.#exitListeners];
    this.#exitListeners.clear();
    for (const listener of listeners) listener(this.#exited);
  }

  #flushWrites(): void {
    this.#writeTimer = undefined;
    while (this.#pendingWrites.length && this.#fd >= 0) {
      const head = this.#pendingWrites[0]!;
      const n = writeSome(this.#fd, head);
      if (n < 0) {
        this.#pendingWrites = [];
        return;
      }
      if (n === head.length) this.#pendingWrites.shift();
      else {
        this.#pendingWrites[0] = head.subarray(n);
        this.#writeTimer = setTimeout(() => this.#flushWrites(), WRITE_RETRY_MS);
        return;
      }
    }
  }
}

const SIGNAL_NAMES_SET = new Set(SIGNAL_NAMES.values());

/**
 * The argv that runs `command` through `shell` (a program name, or a program with options such
 * as `["bash", "--norc"]`); without a command, the shell itself.
 *
 * @example
 * ```ts
 * import { shellArgv } from "./pty.ts";
 * console.assert(shellArgv("bash", "ls -l").join(" ") === "bash -c ls -l");
 * console.assert(shellArgv(["bash", "--norc"]).join(" ") === "bash --norc");
 * ```
 */
export function shellArgv(shell: string | readonly string[], command?: string): string[] {
  const argv = typeof shell === "string" ? [shell] : [...shell];
  return command === undefined ? argv : [...argv, "-c", command];
}

function checkSize(cols: number, rows: number): void {
  if (!Number.isInteger(cols) || !Number.isInteger(rows) || cols < 1 || rows < 1) {
    throw new RangeError(`Cannot size a terminal ${cols}x${rows}: need positive integers`);
  }
}

/** Checks the directory and finds the program; returns what to exec. */
function checkSpawn(options: SpawnOptions): string {
  const program = options.argv[0];
  if (!program) throw new WeftError("INVALID_INPUT", "Cannot spawn a pane: the command is empty");
  if (!isDirectory(options.cwd)) {
    throw new WeftError(
      "SPAWN_FAILED",
      `Cannot spawn "${program}": no such directory "${options.cwd}"`,
    );
  }
  const lack = lookUp(program, options);
  if (lack) throw new WeftError("SPAWN_FAILED", `Cannot spawn "${program}": ${lack}`);
  const { argv, command } = options;
  const line = argv.at(-2) === "-c" && argv.at(-1) === command ? command : undefined;
  const first = line === undefined ? undefined : firstProgram(line);
  const lacks = first && lookUp(first, options);
  if (line !== undefined && lacks) {
    throw new WeftError(
      "SPAWN_FAILED",
      `Cannot spawn "${first}": ${lacks}${
        line.trim() === first ? "" : ` (the first program of "${line}")`
      }`,
      { program: first },
    );
  }
  return program;
}

/** Why `program` cannot run where `options` would run it, or undefined when it can. */
function lookUp(program: string, options: Pick<SpawnOptions, "cwd" | "env">): string | undefined {
  const candidates = program.includes("/")
    ? [program.startsWith("/") ? program : `${options.cwd}/${program}`]
    : (options.env.PATH ?? DEFAULT_PATH).split(":").map((dir) => `${dir || "."}/${program}`);
  let found = false;
  for (const path of candidates) {
    const info = statOrUndefined(path.startsWith("/") ? path : `${options.cwd}/${path}`);
    if (!info?.isFile) continue;
    found = true;
    if (((info.mode ?? 0) & 0o111) !== 0) return undefined;
  }
  return found ? "not executable" : "no such program";
}

function isDirectory(path: string): boolean {
  return statOrUndefined(path)?.isDirectory ?? false;
}

function statOrUndefined(path: string): Deno.FileInfo | undefined {
  try {
    return Deno.statSync(path);
  } catch {
    return undefined;
  }
}
