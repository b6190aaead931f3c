/**
 * Waiting on a pane: a condition checked when the pane changes, until the call's signal fires;
 * at the bus's deadline the `TIMEOUT` reports what was last seen. Shared by `pane.wait` and
 * `pane.run`.
 *
 * @module
 */

import type { EventHub } from "../bus/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { Pane } from "../model/mod.ts";

/**
 * A check: a result other than undefined ends the wait with that result. `over` aborts once
 * the wait has ended, so an async check can stop scanning.
 */
export type Check<T> = (over: AbortSignal) => T | undefined | Promise<T | undefined>;

/** Options of {@link waitFor}. */
export interface WaitOptions {
  events: EventHub;
  /** The call's signal: its `TIMEOUT` reason becomes one that carries the last screen. */
  signal: AbortSignal;
  /** Re-check at least this often (for time-based conditions such as idle). */
  pollMs?: number;
  /** What the timeout error says the pane was waited for. */
  what: string;
}

/**
 * Resolves with the first result of `check`, run now and after each change of the pane
 * (output parsed, state, exit). When the signal fires at the call's deadline, rejects with
 * `TIMEOUT` carrying the pane's last screen; otherwise with the signal's reason. An async
 * check (one that yields to the event loop while it scans) never runs twice at once: changes
 * that arrive meanwhile are checked once it ends.
 */
export function waitFor<T>(pane: Pane, check: Check<T>, options: WaitOptions): Promise<T> {
  const over = new AbortController();
  const first = check(over.signal);
  if (first !== undefined && !(first instanceof Promise)) return Promise.resolve(first);
  if (options.signal.aborted) {
    over.abort();
    return Promise.reject(withLastSeen(pane, options, options.signal.reason));
  }
  return new Promise<T>((resolve, reject) => {
    let scheduled = false;
    let running = false;
    let again = false;
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      unsubscribe();
      clearInterval(poll);
      options.signal.removeEventListener("abort", onAbort);
      over.abort();
      fn();
    };
    const settle = (result: T | undefined | Promise<T | undefined>) => {
      if (!(result instanceof Promise)) {
        if (result !== undefined) finish(() => resolve(result));
        return;
      }
      running = true;
      result.then(
        (value) => value !== undefined && finish(() => resolve(value)),
        (err) => finish(() => reject(err)),
      ).finally(() => {
        running = false;
        if (again) {
          again = false;
          schedule();
        }
      });
    };
    const run = () => {
      scheduled = false;
      if (done) return;
      if (running) return void (again = true);
      try {
        settle(check(over.signal));
      } catch (err) {
        finish(() => reject(err));
      }
    };
    const schedule = () => {
      if (scheduled) return;
      scheduled = true;
      pane.screen.flush().then(run, run);
    };
    const unsubscribe = options.events.subscribe(
      { topics: ["pane.output", "pane.state", "pane.exited", "pane.closed"], panes: [pane.id] },
      schedule,
    );
    const poll = setInterval(schedule, options.pollMs ?? 1000);
    const onAbort = () => finish(() => reject(withLastSeen(pane, options, options.signal.reason)));
    options.signal.addEventListener("abort", onAbort);
    settle(first);
  });
}

/** A deadline's `TIMEOUT` retold for this wait, with the pane's last screen lines. */
function withLastSeen(pane: Pane, options: WaitOptions, reason: unknown): unknown {
  if (!(reason instanceof WeftError) || reason.code !== "TIMEOUT") return reason;
  const ms = (reason.data as { timeoutMs?: number } | undefined)?.timeoutMs;
  const seen = pane.screen.read({ mode: "visible" });
  return new WeftError(
    "TIMEOUT",
    `Cannot finish waiting for pane "${pane.id}": ${options.what} did not happen within ${ms} ms`,
    {
      timeoutMs: ms,
      lastSeen: seen.text.replace(/\s+$/, "").split("\n").slice(-20).join("\n"),
      revision: seen.revision,
      state: pane.state,
    },
  );
}
