/**
 * Time and timers, injected into what waits (the sideband reader), so that its timing can be
 * tested by moving a fake clock instead of sleeping.
 *
 * @module
 */

/** The time and timers a reader uses. */
export interface Clock {
  /** Monotonic milliseconds. */
  now(): number;
  /** Runs `fn` after `ms`; returns a handle for {@link Clock.clearTimeout}. */
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock: `performance.now()` and the global timers. */
export const REAL_CLOCK: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as number | undefined),
};
