/**
 * A clock that moves only when a test says so, for the model's idle detection.
 *
 * @module
 */

import type { Clock } from "../../core/model/mod.ts";

interface Ticker {
  ms: number;
  due: number;
  tick: () => void;
}

/**
 * A {@link Clock} for tests: `advance(ms)` moves time and runs every tick that falls due, in
 * order, with `now()` reading each tick's own time.
 *
 * @example
 * ```ts
 * import { FakeClock } from "./fake_clock.ts";
 * const clock = new FakeClock();
 * const seen: number[] = [];
 * clock.every(100, () => seen.push(clock.now()));
 * clock.advance(250);
 * console.assert(seen.join() === "100,200" && clock.now() === 250);
 * ```
 */
export class FakeClock implements Clock {
  #now: number;
  #tickers = new Set<Ticker>();

  constructor(start = 1_000) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  every(ms: number, tick: () => void): () => void {
    if (!(ms > 0)) throw new RangeError(`Cannot tick every ${ms} ms: need a positive interval`);
    const ticker = { ms, due: this.#now + ms, tick };
    this.#tickers.add(ticker);
    return () => this.#tickers.delete(ticker);
  }

  /** Moves time forward by `ms`, running the ticks that fall due on the way. */
  advance(ms: number): void {
    const end = this.#now + ms;
    while (true) {
      let next: Ticker | undefined;
      for (const t of this.#tickers) if (t.due <= end && (!next || t.due < next.due)) next = t;
      if (!next) break;
      this.#now = next.due;
      next.due += next.ms;
      next.tick();
    }
    this.#now = end;
  }
}
