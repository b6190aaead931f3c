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

/** A check: a truthy result ends the wait with that result. */
export type Check<T> = () => T | undefined;

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
 * Resolves with the first truthy result of `check`, run now and after each change of the
 * pane (output parsed, state, exit). When the signal fires at the call's deadline, rejects with
 * `TIMEOUT` carrying the pane's last screen; otherwise with the signal's reason.
 */
export function waitFor<T>(pane: Pane, check: Check<T>, options: WaitOptions): Promise<T> {
  const first = check();
  if (first !== undefined) return Promise.resolve(first);
  if (options.signal.aborted) {
    return Promise.reject(withLastSeen(pane, options, options.signal.reason));
  }
  return new Promise<T>((resolve, reject) => {
    let scheduled = false;
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      unsubscribe();
      clearInterval(poll);
      options.signal.removeEventListener("abort", onAbort);
      fn();
    };
    const run = () => {
      scheduled = false;
      if (done) return;
      try {
        const result = check();
        if (result !== undefined) finish(() => resolve(result));
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
