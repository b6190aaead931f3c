/**
 * What a pane viewer (the TUI's mirror, the web page's feed) does while a pane floods: like
 * tmux skipping what nobody could read, it stops following the output stream and copies the
 * visible screen now and then, drawing a copy only when the screen changed, and goes back to
 * the stream after a while (once the pane calmed down, when asked). One policy for both
 * viewers; pure, driven by the time it is given.
 *
 * @module
 */

/** How often to copy and when to try the stream again. */
export interface CopyPolicy {
  /** Copies at most this often (ms; 0: whenever asked). */
  everyMs: number;
  /** The stream is tried again after this long (ms). */
  retryMs: number;
  /** And only once a copy shows the pane calmed down (less than a screenful of new lines). */
  untilCalm: boolean;
}

/** What a copy's read tells besides the screen. */
export interface CopyRead {
  revision: number;
  /** The screen's top row, counted from the start of the pane: grows as lines scroll off. */
  firstLine: number;
  rows: number;
}

/**
 * The copies of one flooding pane.
 *
 * @example
 * ```ts
 * import { ScreenCopies } from "./screen_copies.ts";
 * const copies = new ScreenCopies({ everyMs: 100, retryMs: 1000, untilCalm: false });
 * copies.begin(0);
 * console.assert(copies.next(50) === "wait" && copies.next(100) === "copy");
 * console.assert(copies.took({ revision: 7, firstLine: 0, rows: 24 }));
 * console.assert(!copies.took({ revision: 7, firstLine: 0, rows: 24 }));
 * console.assert(copies.next(1000) === "stream");
 * ```
 */
export class ScreenCopies {
  #policy: CopyPolicy;
  #since = 0;
  #lastAt = 0;
  #lines: number | undefined;
  #calm = false;
  #revision = -1;

  constructor(policy: CopyPolicy) {
    this.#policy = policy;
  }

  /** The pane started flooding at `now`: copies from here, the first one drawn. */
  begin(now: number): void {
    this.#since = this.#lastAt = now;
    this.#lines = undefined;
    this.#calm = false;
    this.#revision = -1;
  }

  /** What to do at `now`: wait, copy the screen, or go back to the stream. */
  next(now: number): "wait" | "copy" | "stream" {
    const { everyMs, retryMs, untilCalm } = this.#policy;
    if (now - this.#lastAt < everyMs) return "wait";
    this.#lastAt = now;
    if (now - this.#since < retryMs || (untilCalm && !this.#calm)) return "copy";
    return "stream";
  }

  /** A copy was read: true when it shows what was not drawn yet. */
  took(read: CopyRead): boolean {
    this.#calm = this.#lines !== undefined && read.firstLine - this.#lines < read.rows;
    this.#lines = read.firstLine;
    if (read.revision === this.#revision) return false;
    this.#revision = read.revision;
    return true;
  }

  /** The next copy is drawn whatever it shows (the viewer's screen was replaced). */
  redraw(): void {
    this.#revision = -1;
  }
}
