/**
 * The real terminal the client draws on: raw mode, the modes it turns on (alternate screen,
 * SGR mouse, bracketed paste) and always turns off again, input, size and resize. Behind an
 * interface so tests and benchmarks can give a fake.
 *
 * @module
 */

/** What the client needs from a terminal. */
export interface TerminalIo {
  /** Columns and rows. */
  size(): { cols: number; rows: number };
  /** Queues output; resolves when the terminal has taken it (flow control for frames). */
  write(data: string): Promise<void>;
  /** Calls `listener` with each chunk of input until {@link TerminalIo.close}. */
  onInput(listener: (bytes: Uint8Array) => void): void;
  /** Calls `listener` when the terminal's size changes. */
  onResize(listener: () => void): void;
  /** Calls `listener` when input ends (the terminal went away). */
  onEnd?(listener: () => void): void;
  /** Enters raw mode and the client's screen modes. */
  start(): void;
  /** Leaves every mode {@link TerminalIo.start} entered; safe to call twice. */
  close(): Promise<void>;
}

/** What `start` turns on: alternate screen, normal cursor keys, mouse (SGR), bracketed paste. */
export const ENTER_MODES =
  "\x1b[?1049h\x1b[?1l\x1b>\x1b[?1000h\x1b[?1002h\x1b[?1006h\x1b[?2004h\x1b[?1004h\x1b[?25l\x1b[H\x1b[2J";
/** What `close` sends: every mode off, attributes reset, cursor shown, main screen back. */
export const LEAVE_MODES =
  "\x1b[?1004l\x1b[?2004l\x1b[?1006l\x1b[?1002l\x1b[?1000l\x1b[0m\x1b[ q\x1b[?25h\x1b[?1049l";

/**
 * The process's own terminal (stdin/stdout).
 *
 * @example
 * ```ts ignore
 * import { processTerminal } from "./terminal.ts";
 * const term = processTerminal();
 * term.start();
 * await term.write("hello");
 * await term.close();
 * ```
 */
export function processTerminal(): TerminalIo {
  return new ProcessTerminal();
}

/** {@link TerminalIo} on stdin/stdout: writes are chained, so frames reach the terminal in order. */
class ProcessTerminal implements TerminalIo {
  #encoder = new TextEncoder();
  #chain = Promise.resolve();
  #started = false;
  #closed = false;
  #resizeListeners: (() => void)[] = [];
  #endListeners: (() => void)[] = [];
  #onWinch = () => this.#resizeListeners.forEach((l) => l());

  size(): { cols: number; rows: number } {
    try {
      const { columns, rows } = Deno.consoleSize();
      return { cols: columns, rows };
    } catch {
      return { cols: 80, rows: 24 };
    }
  }

  write(data: string): Promise<void> {
    if (this.#closed) return Promise.resolve();
    const bytes = this.#encoder.encode(data);
    this.#chain = this.#chain.then(() => writeAll(bytes)).catch(() => {});
    return this.#chain;
  }

  onInput(listener: (bytes: Uint8Array) => void): void {
    void this.#readInput(listener);
  }

  onResize(listener: () => void): void {
    this.#resizeListeners.push(listener);
  }

  onEnd(listener: () => void): void {
    this.#endListeners.push(listener);
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    if (Deno.stdin.isTerminal()) Deno.stdin.setRaw(true, { cbreak: false });
    Deno.addSignalListener("SIGWINCH", this.#onWinch);
    Deno.stdout.writeSync(this.#encoder.encode(ENTER_MODES));
  }

  async close(): Promise<void> {
    if (this.#closed || !this.#started) return;
    this.#closed = true;
    Deno.removeSignalListener("SIGWINCH", this.#onWinch);
    await this.#chain;
    try {
      Deno.stdout.writeSync(this.#encoder.encode(LEAVE_MODES));
    } catch { /* the terminal is gone */ }
    try {
      if (Deno.stdin.isTerminal()) Deno.stdin.setRaw(false);
    } catch { /* the terminal is gone */ }
  }

  async #readInput(listener: (bytes: Uint8Array) => void): Promise<void> {
    const buf = new Uint8Array(64 * 1024);
    while (!this.#closed) {
      const n = await Deno.stdin.read(buf).catch(() => null);
      if (n === null) break;
      if (!this.#closed) listener(buf.slice(0, n));
    }
    if (!this.#closed) this.#endListeners.forEach((l) => l());
  }
}

async function writeAll(bytes: Uint8Array): Promise<void> {
  let off = 0;
  while (off < bytes.length) off += await Deno.stdout.write(bytes.subarray(off));
}
