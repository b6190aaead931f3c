/**
 * Screen heuristics on a live pane: after its screen changes, at most every `delayMs`, look at
 * what an agent TUI shows ({@link screenState}) and report a state that differs from the
 * pane's, with source "screen" and the time of the change seen (so that it replaces a better
 * source's state only when the screen changed well after it). Panes whose program holds its
 * state through the status protocol, and kinds without a profile, cost one check per change.
 *
 * @module
 */

import { screenState, vendorOf } from "../../protocols/agents/mod.ts";
import { type AgentState, HEURISTIC_GRACE_MS, type StateReport } from "./agent_state.ts";
import type { Screen } from "../screen/mod.ts";

/** What the watcher reads of a pane. */
export interface WatchedPane {
  readonly screen: Screen;
  readonly agent: string;
  readonly agentState: AgentState;
}

/** Options of {@link watchScreenState}. */
export interface ScreenWatchOptions {
  /** Shortest time between two looks (default 200 ms). */
  delayMs?: number;
  /** Monotonic clock (default `performance.now`). */
  mono?: () => number;
}

/**
 * Watches `pane`'s screen and calls `report` with what it shows; returns the stop function.
 *
 * @example
 * ```ts ignore
 * const stop = watchScreenState(pane, (r) => model.setState(pane.id, r));
 * ```
 */
export function watchScreenState(
  pane: WatchedPane,
  report: (report: StateReport) => void,
  options: ScreenWatchOptions = {},
): () => void {
  const delay = options.delayMs ?? 200;
  const mono = options.mono ?? (() => performance.now());
  let changedAt = 0;
  let lastLook = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const skip = () =>
    !vendorOf(pane.agent)?.state || (pane.agentState.held && pane.agentState.source === "status");
  const look = () => {
    timer = undefined;
    lastLook = mono();
    if (skip()) return;
    const seen = screenState(pane.agent, pane.screen.read({ mode: "visible" }).text.split("\n"));
    if (!seen) return;
    const now = pane.agentState;
    const same = seen.state === now.state || (seen.state === "idle" && now.state === "done");
    // Said already: by the screen itself, or by a source that holds its state. (The same
    // state from output activity or the process start is taken over: the screen knows more.)
    if (same && now.source === "screen" && now.message === (seen.message ?? null)) return;
    if (same && now.source !== "screen" && now.held) return;
    report({
      state: seen.state,
      source: "screen",
      message: seen.message ?? null,
      kind: seen.kind ?? null,
      seenAt: changedAt,
    });
    if (seen.state === "idle" && endedUnsaid() && recheck === undefined) {
      const wait = pane.agentState.sinceMono + HEURISTIC_GRACE_MS - mono();
      recheck = setTimeout(stillIdle, Math.max(0, wait) + delay);
    }
  };
  // A turn that ended without its hook (an agent may run none when a turn fails or its approval
  // is denied, and its screen changes no more): the hooks' `working` or `blocked` stands, and
  // the idle prompt (no dialog) came within the grace. Once the grace is over, a screen that
  // still shows the idle prompt is taken.
  let recheck: ReturnType<typeof setTimeout> | undefined;
  const endedUnsaid = () => {
    const now = pane.agentState;
    return now.held && now.source === "hook" &&
      (now.state === "working" || now.state === "blocked");
  };
  const stillIdle = () => {
    recheck = undefined;
    if (skip() || !endedUnsaid()) return;
    const seen = screenState(pane.agent, pane.screen.read({ mode: "visible" }).text.split("\n"));
    if (seen?.state !== "idle") return;
    report({ state: "idle", source: "screen", message: null, kind: null, seenAt: mono() });
  };
  const off = pane.screen.onChange(() => {
    changedAt = mono();
    if (timer !== undefined || skip()) return;
    timer = setTimeout(look, Math.max(0, delay - (changedAt - lastLook)));
  });
  return () => {
    off();
    clearTimeout(timer);
    clearTimeout(recheck);
  };
}
