/**
 * What a plain-stream pane shows with its sideband commands taken out (FEAT-019's stream
 * passthrough): the output goes through a {@link SidebandStream} on its way to the screen;
 * recognised commands are dropped, everything else passes, and an unfinished command is held
 * only until the next chunk or `holdMs`, then shown as it was.
 *
 * @module
 */

import {
  type SidebandOutput,
  SidebandStream,
  type SidebandStreamOptions,
} from "../../protocols/sideband/stream.ts";
import { TAGS } from "../../protocols/sideband/tags.ts";

/** The timers a filter uses: injected so tests move a fake clock instead of sleeping. */
export interface FilterTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const REAL_TIMERS: FilterTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as number | undefined),
};

/** Options of {@link DisplayFilter}. */
export interface DisplayFilterOptions extends SidebandStreamOptions {
  /** Receives what the screen should show. */
  write: (text: string) => void;
  /** Tag names that are taken out; others stay in view. Default: the built-in tags. */
  names?: ReadonlySet<string>;
  /**
   * More names taken out: the tags that commands declare in their specs, asked again for each
   * tag seen, so a plugin that registers later counts.
   */
  declared?: () => ReadonlySet<string>;
  /** How long an unfinished command is held back. Default 500 ms. */
  holdMs?: number;
  /** Default: the global timers. */
  timers?: FilterTimers;
}

/**
 * A filter between a pane's output and its screen.
 *
 * @example
 * ```ts
 * import { DisplayFilter } from "./display_filter.ts";
 * let shown = "";
 * const filter = new DisplayFilter({ write: (t) => (shown += t) });
 * filter.push('build <weft:status state="working"/>ok <weft:nope/>\n');
 * console.assert(shown === "build ok <weft:nope/>\n");
 * filter.dispose();
 * ```
 */
export class DisplayFilter {
  #stream: SidebandStream;
  #write: (text: string) => void;
  #names: ReadonlySet<string>;
  #declared: (() => ReadonlySet<string>) | undefined;
  #holdMs: number;
  #timers: FilterTimers;
  #timer: unknown;
  #passed = 0;

  constructor(options: DisplayFilterOptions) {
    const { write, names, declared, holdMs, timers, ...stream } = options;
    this.#stream = new SidebandStream(stream);
    this.#write = write;
    this.#names = names ?? new Set(Object.keys(TAGS));
    this.#declared = declared;
    this.#holdMs = holdMs ?? 500;
    this.#timers = timers ?? REAL_TIMERS;
  }

  /** Takes the next chunk of output. */
  push(text: string): void {
    this.#timers.clearTimeout(this.#timer);
    this.#show(this.#stream.push(text));
    if (this.#stream.pending) {
      this.#timer = this.#timers.setTimeout(() => this.#show(this.#stream.flush()), this.#holdMs);
    }
  }

  /**
   * True when `text` would pass unchanged (nothing is held and it starts no tag or OSC), so the
   * caller may show its original bytes and skip the filter: the common case stays cheap.
   */
  passes(text: string): boolean {
    return !this.#stream.pending && !text.includes("<") && !text.includes("\x1b]");
  }

  /** Shows whatever is held and stops the timer. */
  dispose(): void {
    this.#timers.clearTimeout(this.#timer);
    this.#show(this.#stream.flush());
  }

  #show(out: SidebandOutput): void {
    // Command offsets count passthrough from the stream's start; this output starts at `base`.
    const base = this.#passed;
    this.#passed += out.text.length;
    let text = out.text;
    // Put back, right to left, what was read as a command but is not one weft knows.
    for (const command of [...out.commands].reverse()) {
      if (this.#names.has(command.name) || this.#declared?.().has(command.name)) continue;
      const at = command.at - base;
      text = text.slice(0, at) + command.raw + text.slice(at);
    }
    if (text) this.#write(text);
  }
}
