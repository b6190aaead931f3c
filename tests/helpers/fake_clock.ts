/**
 * A clock for unit tests of code that waits: time moves only when the test says, and timers
 * due by then run in order, so a test of "after 500 ms" neither sleeps nor races.
 *
 * @example
 * ```ts
 * import { FakeClock } from "./fake_clock.ts";
 * const clock = new FakeClock();
 * let fired = 0;
 * clock.setTimeout(() => fired++, 100);
 * await clock.advance(99);
 * console.assert(fired === 0);
 * await clock.advance(1);
 * console.assert(fired === 1 && clock.now() === 100);
 * ```
 *
 * @module
 */

import type { Clock } from "../../core/model/mod.ts";

interface Timer {
  at: number;
  seq: number;
  fn: () => void;
}

/**
 * Time and timers under the test's control: fits `setTimeout`/`clearTimeout`-shaped deps and
 * the model's {@link Clock} (`now`, `every`).
 */
export class FakeClock implements Clock {
  #now = 0;
  #seq = 0;
  #timers = new Map<number, Timer>();

  /** The current time, in ms from 0. */
  now = (): number => this.#now;

  /** Runs `fn` once the clock has been advanced `ms` past now. */
  setTimeout = (fn: () => void, ms: number): number => {
    const id = ++this.#seq;
    this.#timers.set(id, { at: this.#now + Math.max(0, ms), seq: id, fn });
    return id;
  };

  /** Cancels a timer (unknown handles are ignored, like the real one). */
  clearTimeout = (handle: unknown): void => {
    this.#timers.delete(handle as number);
  };

  /** Runs `tick` every `ms` once the clock has been advanced that far; returns the stopper. */
  every = (ms: number, tick: () => void): () => void => {
    if (!(ms > 0)) throw new RangeError(`Cannot tick every ${ms} ms: need a positive interval`);
    let id = 0;
    const arm = () => {
      id = this.setTimeout(() => {
        arm();
        tick();
      }, ms);
    };
    arm();
    return () => this.clearTimeout(id);
  };

  /** How many timers are waiting. */
  get pending(): number {
    return this.#timers.size;
  }

  /**
   * Moves time on by `ms`, running each timer due on the way at its own time, in order, and
   * letting the promises they start settle before the next.
   */
  async advance(ms: number): Promise<void> {
    const end = this.#now + ms;
    for (;;) {
      const next = [...this.#timers.entries()]
        .filter(([, t]) => t.at <= end)
        .sort(([, a], [, b]) => a.at - b.at || a.seq - b.seq)[0];
      if (!next) break;
      this.#timers.delete(next[0]);
      this.#now = next[1].at;
      next[1].fn();
      await settle();
    }
    this.#now = end;
    await settle();
  }
}

/** Lets queued promise callbacks run (a few rounds: chains of awaits). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
