/**
 * A call's deadline and cancellation, turned into the one signal its handler is given: the bus
 * owns the timer, the handler only listens.
 *
 * @module
 */

import { WeftError } from "../../protocols/bus/errors.ts";
import type { CommandSpec } from "../../protocols/bus/command_spec.ts";

/**
 * The deadline of a call in ms, or undefined for none: the input's time-out field if the
 * command declares one and it is given, else the command's default; the call options' time-out
 * can only make it earlier.
 */
export function deadlineOf(
  command: Pick<CommandSpec, "timeout">,
  input: unknown,
  callMs: number | undefined,
): number | undefined {
  const spec = command.timeout;
  const given = spec?.field === undefined
    ? undefined
    : (input as Record<string, unknown> | undefined)?.[spec.field];
  const own = typeof given === "number" ? given : spec?.ms;
  if (own === undefined) return callMs;
  return callMs === undefined ? own : Math.min(own, callMs);
}

/** Options of {@link runWithin}. */
export interface RunWithinOptions {
  /** ms until the handler's signal fires with `TIMEOUT`. */
  deadline: number | undefined;
  /** The caller's own signal (a client that cancels or goes away). */
  signal?: AbortSignal;
}

/**
 * Runs `run` with a signal that fires at the deadline (reason: `TIMEOUT`) or when the caller's
 * signal does (reason: `CANCELLED` unless it says more), and settles by then: a handler that
 * honours its signal answers first (its error may say more, such as the last screen lines);
 * one that ignores it is answered for on the next turn of the event loop.
 */
export async function runWithin<T>(
  name: string,
  options: RunWithinOptions,
  run: (signal: AbortSignal) => Promise<T> | T,
): Promise<T> {
  const { deadline, signal: parent } = options;
  if (deadline === undefined && !parent) return await run(new AbortController().signal);
  const ac = new AbortController();
  const timers: ReturnType<typeof setTimeout>[] = [];
  const abandoned = new Promise<never>((_, reject) => {
    const answer = () => timers.push(setTimeout(() => reject(ac.signal.reason), 0));
    ac.signal.addEventListener("abort", answer, { once: true });
  });
  const onParent = () => ac.abort(cancelReason(name, parent?.reason));
  if (parent?.aborted) onParent();
  else parent?.addEventListener("abort", onParent, { once: true });
  if (deadline !== undefined) {
    timers.push(setTimeout(() => ac.abort(timeoutError(name, deadline)), deadline));
  }
  try {
    return await Promise.race([(async () => await run(ac.signal))(), abandoned]);
  } finally {
    for (const t of timers) clearTimeout(t);
    parent?.removeEventListener("abort", onParent);
  }
}

/**
 * The reason a deadline gives: `TIMEOUT` with the ms in `data.timeoutMs`.
 *
 * @example
 * ```ts
 * import { timeoutError } from "./_deadline.ts";
 * const err = timeoutError("pane.wait", 500);
 * console.assert(err.code === "TIMEOUT" && (err.data as { timeoutMs: number }).timeoutMs === 500);
 * ```
 */
export function timeoutError(name: string, ms: number): WeftError {
  return new WeftError(
    "TIMEOUT",
    `Cannot finish "${name}": it did not finish within ${ms} ms`,
    { timeoutMs: ms },
  );
}

function cancelReason(name: string, reason: unknown): WeftError {
  if (reason instanceof WeftError) return reason;
  return new WeftError("CANCELLED", `Cannot finish "${name}": the call was cancelled`);
}
