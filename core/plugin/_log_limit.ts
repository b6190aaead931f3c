/**
 * A plugin's log lines per second, capped: past the cap lines are dropped and counted, and the
 * count is told once the second is over, so a plugin that floods its log cannot flood the
 * server's.
 *
 * @module
 */

/** Options of {@link LogLimit}. */
export interface LogLimitOptions {
  /** Lines let through per second. */
  perSecond: number;
  /** The clock (injected for tests). */
  now?: () => number;
}

/**
 * Fixed one-second windows of at most `perSecond` lines.
 *
 * @example
 * ```ts
 * import { LogLimit } from "./_log_limit.ts";
 * let t = 0;
 * const limit = new LogLimit({ perSecond: 2, now: () => t });
 * console.assert(limit.admit() && limit.admit() && !limit.admit());
 * t = 1000;
 * console.assert(limit.takeDropped() === 1 && limit.admit());
 * ```
 */
export class LogLimit {
  #perSecond: number;
  #now: () => number;
  #windowStart = -Infinity;
  #inWindow = 0;
  #dropped = 0;

  constructor(options: LogLimitOptions) {
    this.#perSecond = options.perSecond;
    this.#now = options.now ?? Date.now;
  }

  /** True when one more line may be logged now; otherwise it is counted as dropped. */
  admit(): boolean {
    const now = this.#now();
    if (now - this.#windowStart >= 1000) {
      this.#windowStart = now;
      this.#inWindow = 0;
    }
    if (this.#inWindow < this.#perSecond) {
      this.#inWindow++;
      return true;
    }
    this.#dropped++;
    return false;
  }

  /** Lines dropped since the last call; resets the count. */
  takeDropped(): number {
    const dropped = this.#dropped;
    this.#dropped = 0;
    return dropped;
  }
}
