/**
 * How long to wait before restarting a crashed plugin.
 *
 * @module
 */

/** Restart back-off: `initialMs` doubling up to `maxMs`, back to the start after a long run. */
export interface BackoffOptions {
  /** The wait after the first crash. */
  initialMs: number;
  /** The longest wait. */
  maxMs: number;
  /** A plugin that stayed up this long counts its next crash as the first again. */
  resetAfterMs: number;
  /** This many crashes (failed starts included) within `windowMs` mark the plugin failed. */
  maxCrashes: number;
  /** The window `maxCrashes` is counted in. */
  windowMs: number;
}

/** The defaults: 200 ms doubling to 30 s, reset after a minute up; failed at 5 crashes a minute. */
export const BACKOFF_DEFAULTS: BackoffOptions = {
  initialMs: 200,
  maxMs: 30_000,
  resetAfterMs: 60_000,
  maxCrashes: 5,
  windowMs: 60_000,
};

/**
 * The wait before the restart that follows `failures` crashes in a row (1 for the first).
 *
 * @example
 * ```ts
 * import { BACKOFF_DEFAULTS, restartDelay } from "./_backoff.ts";
 * console.assert(restartDelay(1, BACKOFF_DEFAULTS) === 200);
 * console.assert(restartDelay(3, BACKOFF_DEFAULTS) === 800);
 * console.assert(restartDelay(99, BACKOFF_DEFAULTS) === 30_000);
 * ```
 */
export function restartDelay(
  failures: number,
  options: BackoffOptions,
): number {
  const exponent = Math.min(Math.max(failures, 1) - 1, 30);
  return Math.min(options.maxMs, options.initialMs * 2 ** exponent);
}

/**
 * The failure count after a crash, given how long the plugin had been up.
 *
 * @example
 * ```ts
 * import { BACKOFF_DEFAULTS, nextFailures } from "./_backoff.ts";
 * console.assert(nextFailures(3, 100, BACKOFF_DEFAULTS) === 4);
 * console.assert(nextFailures(3, 120_000, BACKOFF_DEFAULTS) === 1);
 * ```
 */
export function nextFailures(
  failures: number,
  upMs: number,
  options: BackoffOptions,
): number {
  return upMs >= options.resetAfterMs ? 1 : failures + 1;
}

/**
 * The crash times still inside the window once a crash at `now` is added; when there are
 * `maxCrashes` of them, the plugin is not restarted again.
 *
 * @example
 * ```ts
 * import { BACKOFF_DEFAULTS, recentCrashes } from "./_backoff.ts";
 * console.assert(recentCrashes([0, 10_000], 70_000, BACKOFF_DEFAULTS).length === 2);
 * ```
 */
export function recentCrashes(
  times: readonly number[],
  now: number,
  options: BackoffOptions,
): number[] {
  return [...times.filter((t) => now - t < options.windowMs), now];
}

/** A plugin's crashes so far, and when its current run came up (0: not up). */
export interface CrashHistory {
  crashTimes: number[];
  failures: number;
  upSince: number;
}

/**
 * What follows a crash at `now`: the history after it, and either the delay before the
 * restart or, past `maxCrashes` within the window, why it is not restarted (`giveUp`).
 */
export function afterCrash(
  history: CrashHistory,
  now: number,
  options: BackoffOptions,
): { crashTimes: number[]; failures: number; delay: number; giveUp?: string } {
  const crashTimes = recentCrashes(history.crashTimes, now, options);
  if (crashTimes.length >= options.maxCrashes) {
    const within = Math.round(options.windowMs / 1000);
    const giveUp =
      `it crashed ${crashTimes.length} times within ${within} s, so it is not restarted`;
    return { crashTimes, failures: history.failures, delay: 0, giveUp };
  }
  const up = history.upSince ? now - history.upSince : 0;
  const failures = nextFailures(history.failures, up, options);
  return { crashTimes, failures, delay: restartDelay(failures, options) };
}
