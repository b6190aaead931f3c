/**
 * The model's side of foreground tracking: which panes to look at and how, and what follows a
 * change (the pane's `current`, the `pane.current` event, an agent kind that was not given).
 *
 * @module
 */

import { type ForegroundProcess, readForeground } from "../pty/mod.ts";
import { AGENTS, processAgentKind } from "../../protocols/agents/mod.ts";
import { ForegroundTracker, type TrackerClock } from "./foreground.ts";
import { currentInfo, type Pane } from "./pane.ts";
import type { PublishCore } from "../../protocols/bus/core_events.ts";

/**
 * Looks at what runs in a pane's foreground, given the last answer; `full` asks to read again
 * what rarely changes on its own (the cwd).
 */
export type ReadForeground = (
  pane: Pane,
  last: ForegroundProcess | null,
  full: boolean,
) => ForegroundProcess | null;

/** How the model tracks what runs in its panes. */
export interface ForegroundOptions {
  /** The shortest time between two looks at one pane (default 250 ms; 0 turns tracking off). */
  intervalMs?: number;
  /** How to look (default: the PTY's foreground group, then `/proc`). */
  read?: ReadForeground;
  /** The model's clock (its `every`). */
  clock?: TrackerClock;
}

type Publish = PublishCore;

/** A tracker over the model's panes; undefined when tracking is off. */
export function trackForeground(
  panes: ReadonlyMap<string, Pane>,
  publish: Publish,
  options: ForegroundOptions = {},
): ForegroundTracker<ForegroundProcess> | undefined {
  if (options.intervalMs === 0) return undefined;
  const read = options.read ?? readPaneForeground;
  return new ForegroundTracker<ForegroundProcess>({
    ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    output: (id) => panes.get(id)?.lastOutputAt ?? NaN,
    input: (id) => panes.get(id)?.pty.inputBytes ?? NaN,
    look: (id, last, full) => {
      const pane = panes.get(id);
      return pane && !pane.exit ? read(pane, last, full) : null;
    },
    same: (a, b) => a === b || (!!a && !!b && sameProcess(a, b)),
    changed: (id, current) => {
      const pane = panes.get(id);
      if (pane) followForeground(pane, current, publish);
    },
  });
}

/**
 * What runs in a pane changed: records it and publishes `pane.current`; an agent kind that was
 * not given follows it (an agent in front makes the pane that agent; anything else gives back
 * the launch kind) and a change publishes `pane.changed` with the new `agent`.
 */
export function followForeground(
  pane: Pane,
  current: ForegroundProcess | null,
  publish: Publish,
): void {
  pane.current = current;
  publish("pane.current", { pane: pane.id, current: current && currentInfo(current) }, pane.id);
  if (pane.agentExplicit || !current) return;
  const seen = processAgentKind(current);
  const kind = AGENTS.has(seen) ? seen : pane.launchAgent;
  if (kind === pane.agent) return;
  pane.agent = kind;
  // The agent that reported (or will report) its state is not the one in front any more.
  pane.agentState.programChanged();
  publish("pane.changed", { pane: pane.id, agent: kind }, pane.id);
}

function readPaneForeground(pane: Pane, last: ForegroundProcess | null, full: boolean) {
  const group = pane.pty.foregroundGroup();
  return group === undefined ? null : readForeground(pane.pty.pid, { group, last, cwd: full });
}

function sameProcess(a: ForegroundProcess, b: ForegroundProcess): boolean {
  return a.pid === b.pid && a.cwd === b.cwd && a.exe === b.exe && a.comm === b.comm &&
    a.argv.length === b.argv.length && a.argv.every((arg, i) => arg === b.argv[i]);
}
