/**
 * The one poll-until for tests, for what gives no event to wait on (a file appearing, a process
 * ending, a status another process reports). Where an event exists, wait on the event.
 *
 * @module
 */

/** Options of {@link eventually}. */
export interface EventuallyOptions {
  /** How long to keep trying (default 10 s). */
  timeoutMs?: number;
  /** The pause between tries (default 25 ms). */
  intervalMs?: number;
  /** More to say on a time-out, e.g. what a screen showed last. */
  detail?: () => string | Promise<string>;
}

/**
 * Calls `check` until it returns a truthy value, and returns that value; a `check` that throws
 * counts as not yet. Throws after the time-out, naming `what` was awaited and the last error.
 *
 * @example
 * ```ts
 * import { eventually } from "./poll.ts";
 * const start = Date.now();
 * const late = await eventually("50 ms to pass", () => Date.now() - start >= 50 && "late");
 * console.assert(late === "late");
 * ```
 */
export async function eventually<T>(
  what: string,
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  options: EventuallyOptions = {},
): Promise<T> {
  const { timeoutMs = 10_000, intervalMs = 25 } = options;
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() >= end) break;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const why = last === undefined ? "" : `; last error: ${last}`;
  const more = options.detail ? `\n${await options.detail()}` : "";
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${why}${more}`);
}

/** Options of {@link untilEvent}. */
export interface UntilEventOptions<T> {
  /** Subscribes `wake` to the events after which `check` is worth another try; returns the stopper. */
  on: (wake: () => void) => (() => unknown) | Promise<() => unknown>;
  /** What must come true: its truthy value is returned. */
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>;
  /** How long to wait (default 10 s). */
  timeoutMs?: number;
  /** More to say on a time-out, e.g. the events seen. */
  detail?: () => string | Promise<string>;
}

/**
 * {@link eventually} driven by events instead of a timer: tries `check` once subscribed, then
 * after each event `on` reports, until it returns a truthy value. For conditions that only an
 * event can change (a layout after `layout.changed`, a plugin after `plugin.started`).
 *
 * @example
 * ```ts
 * import { untilEvent } from "./poll.ts";
 * const target = new EventTarget();
 * let n = 0;
 * setTimeout(() => (n = 2, target.dispatchEvent(new Event("n"))), 10);
 * const on = (wake: () => void) => {
 *   target.addEventListener("n", wake);
 *   return () => target.removeEventListener("n", wake);
 * };
 * console.assert(await untilEvent("n to be 2", { on, check: () => n === 2 }));
 * ```
 */
export async function untilEvent<T>(what: string, options: UntilEventOptions<T>): Promise<T> {
  const { timeoutMs = 10_000 } = options;
  const end = Date.now() + timeoutMs;
  let dirty = true;
  let wake = () => {};
  const off = await options.on(() => {
    dirty = true;
    wake();
  });
  let last: unknown;
  try {
    for (;;) {
      if (dirty) {
        dirty = false;
        try {
          const value = await options.check();
          if (value) return value;
        } catch (err) {
          last = err;
        }
        continue;
      }
      const left = end - Date.now();
      if (left <= 0) break;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, left);
      });
      clearTimeout(timer);
    }
  } finally {
    await Promise.resolve().then(off).catch(() => {});
  }
  const why = last === undefined ? "" : `; last error: ${last}`;
  const more = options.detail ? `\n${await options.detail()}` : "";
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${why}${more}`);
}

/** A source of wake-ups for {@link untilEvent}: for events a test collects itself. */
export interface Wakeups {
  /** Wakes every waiter (call it after recording an event). */
  wake: () => void;
  /** The `on` of {@link untilEvent}. */
  on: (wake: () => void) => () => void;
}

/**
 * Wake-ups for waiting on what a test's own listener records.
 *
 * @example
 * ```ts
 * import { untilEvent, wakeups } from "./poll.ts";
 * const seen: string[] = [];
 * const arrived = wakeups();
 * setTimeout(() => (seen.push("x"), arrived.wake()), 5);
 * await untilEvent("one event", { on: arrived.on, check: () => seen.length === 1 });
 * ```
 */
export function wakeups(): Wakeups {
  const waiters = new Set<() => void>();
  return {
    wake: () => {
      for (const waiter of [...waiters]) waiter();
    },
    on: (wake) => {
      waiters.add(wake);
      return () => waiters.delete(wake);
    },
  };
}
