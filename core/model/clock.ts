/**
 * The model's clock: monotonic time for idle detection and the ticker that sweeps for idle
 * panes. Injected, so tests move time by hand instead of sleeping.
 *
 * @module
 */

/** Monotonic milliseconds and a repeating tick. */
export interface Clock {
  /** Milliseconds on a monotonic scale (only differences mean something). */
  now(): number;
  /** Calls `tick` every `ms` milliseconds until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
}

/**
 * The real clock: `performance.now()` and `setInterval`.
 *
 * @example
 * ```ts
 * import { systemClock } from "./clock.ts";
 * const stop = systemClock.every(1000, () => {});
 * console.assert(systemClock.now() >= 0);
 * stop();
 * ```
 */
export const systemClock: Clock = {
  now: () => performance.now(),
  every(ms, tick) {
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  },
};
