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
    new Waiter(pane, check, options, over, { resolve, reject }).start(first);
  });
}

/** One wait in progress: re-checks on pane changes and on a poll, one check at a time. */
class Waiter<T> {
  #scheduled = false;
  #running = false;
  #again = false;
  #done = false;
  #unsubscribe = () => {};
  #poll: ReturnType<typeof setInterval> | undefined;
  #onAbort = () => {
    const reason = withLastSeen(this.pane, this.options, this.options.signal.reason);
    this.#finish(() => this.end.reject(reason));
  };

  constructor(
    readonly pane: Pane,
    readonly check: Check<T>,
    readonly options: WaitOptions,
    readonly over: AbortController,
    readonly end: { resolve: (value: T) => void; reject: (err: unknown) => void },
  ) {}

  start(first: T | undefined | Promise<T | undefined>): void {
    const { events, signal, pollMs } = this.options;
    this.#unsubscribe = events.subscribe(
      {
        topics: ["pane.output", "pane.state", "pane.exited", "pane.closed"],
        panes: [this.pane.id],
      },
      () => this.#schedule(),
    );
    this.#poll = setInterval(() => this.#schedule(), pollMs ?? 1000);
    signal.addEventListener("abort", this.#onAbort);
    this.#settle(first);
    // Output that came before the wait began but is not parsed yet brings no event when it is:
    // look again once it is (else a wait begun behind a flood's backlog slept until the poll).
    if (!this.#done && this.pane.screen.pendingBytes > 0) this.#schedule();
  }

  #finish(fn: () => void): void {
    if (this.#done) return;
    this.#done = true;
    this.#unsubscribe();
    clearInterval(this.#poll);
    this.options.signal.removeEventListener("abort", this.#onAbort);
    this.over.abort();
    fn();
  }

  #settle(result: T | undefined | Promise<T | undefined>): void {
    if (!(result instanceof Promise)) {
      if (result !== undefined) this.#finish(() => this.end.resolve(result));
      else if (this.#again) {
        this.#again = false;
        this.#schedule();
      }
      return;
    }
    this.#running = true;
    result.then(
      (value) => value !== undefined && this.#finish(() => this.end.resolve(value)),
      (err) => this.#finish(() => this.end.reject(err)),
    ).finally(() => {
      this.#running = false;
      if (this.#again) {
        this.#again = false;
        this.#schedule();
      }
    });
  }

  #run(): void {
    this.#scheduled = false;
    if (this.#done) return;
    if (this.#running) return void (this.#again = true);
    try {
      this.#settle(this.check(this.over.signal));
    } catch (err) {
      this.#finish(() => this.end.reject(err));
    }
  }

  #schedule(): void {
    // Output that comes while a flush is pending may be parsed after it: the check that flush
    // brings is followed by one more (else that output waited for the next poll, a second).
    if (this.#scheduled) return void (this.#again = true);
    this.#scheduled = true;
    const run = () => this.#run();
    this.pane.screen.flush().then(run, run);
  }
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
