/**
 * What state the program in a pane is in, who said so and since when, and which source may
 * replace it. Sources, most trusted first: the program's own status report (OSC 7501), agent
 * hooks, a self-report (`pane.set`, weft's sideband `status`), the process, screen heuristics,
 * and output activity.
 *
 * @module
 */

import { StatusRecords } from "../../protocols/status/mod.ts";
import { STATE_SOURCES } from "../../protocols/bus/records.ts";
import type {
  AgentSession,
  PaneState,
  StateInfo,
  StateSource,
  StatusTask,
} from "../../protocols/bus/records.ts";

export { PANE_STATES, STATE_SOURCES } from "../../protocols/bus/records.ts";
export type {
  AgentSession,
  PaneState,
  StateInfo,
  StateSource,
  StatusTask,
} from "../../protocols/bus/records.ts";

/** A state as a source reports it. */
export interface StateReport {
  state: PaneState;
  source: StateSource;
  /** What the state means, for humans (a permission prompt's question, an error). */
  message?: string | null;
  /** Why it is blocked: `permission`, `question`, `auth`, … */
  kind?: string | null;
  /** 0–100 while working, when known. */
  progress?: number | null;
  /** Screen heuristics: the monotonic time of the screen change the report was read from. */
  seenAt?: number;
}

/**
 * How long after a better source's state the screen must have changed before a heuristic may
 * replace it: a hook and the screen it describes arrive in either order within moments.
 */
export const HEURISTIC_GRACE_MS = 2000;

/** Sources that stand behind their state until they let it go (a clear, a session's end). */
const HOLDING: ReadonlySet<StateSource> = new Set(["status", "hook", "self"]);

/** Wall-clock and monotonic time, injectable for tests. */
export interface StateClock {
  now(): number;
  mono(): number;
}

const SYSTEM_CLOCK: StateClock = { now: () => Date.now(), mono: () => performance.now() };

/**
 * A pane's state and the rule for who may replace it.
 *
 * @example
 * ```ts
 * import { AgentState } from "./agent_state.ts";
 * const s = new AgentState();
 * s.report({ state: "working", source: "hook" });
 * console.assert(!s.report({ state: "idle", source: "output" }));
 * console.assert(s.report({ state: "blocked", source: "status", kind: "permission" }));
 * console.assert(s.info().stateSource === "status");
 * ```
 */
export class AgentState {
  state: PaneState = "working";
  source: StateSource = "process";
  message: string | null = null;
  kind: string | null = null;
  progress: number | null = null;
  /** When the state last changed: wall-clock and monotonic ms. */
  since: number;
  sinceMono: number;
  /** Whether the source still stands behind the state (a released state is anyone's). */
  held = false;
  /** The program's own status records (OSC 7501). */
  readonly status = new StatusRecords();
  session: AgentSession | null = null;
  /** When a holding source last stood behind the state (monotonic ms), even unchanged. */
  #confirmedMono: number;
  #clock: StateClock;

  constructor(clock: StateClock = SYSTEM_CLOCK) {
    this.#clock = clock;
    this.since = clock.now();
    this.sinceMono = clock.mono();
    this.#confirmedMono = this.sinceMono;
  }

  /**
   * Whether `report` may replace the current state: the status protocol always may; while it
   * holds the state nothing else may; otherwise a source as trusted or more may, a less trusted
   * one only once the state is released, and screen heuristics also when the screen they read
   * changed well after the state was set ({@link HEURISTIC_GRACE_MS}) and shows another state. After the process exits, only the process speaks.
   */
  accepts(report: StateReport, exited = false): boolean {
    if (exited) return report.source === "process";
    if (report.source === "status") return true;
    if (this.held && this.source === "status") return false;
    if (!this.held || rank(report.source) <= rank(this.source)) return true;
    // The same state read off the screen adds nothing and would take the trusted source away
    // (an idle by a Stop hook became an idle by the screen at the next redraw, and messages
    // were no longer typed into it).
    // The grace runs from the trusted source's latest word: a Stop hook saying idle again after
    // a short turn outweighs a working screen read before it (seen, parsed, reported late).
    const after = Math.max(this.sinceMono, this.#confirmedMono);
    return report.source === "screen" && report.seenAt !== undefined &&
      report.seenAt > after + HEURISTIC_GRACE_MS && report.state !== this.state;
  }

  /** Takes `report` when {@link accepts} allows; returns whether anything changed. */
  report(report: StateReport, exited = false): boolean {
    if (!this.accepts(report, exited)) return false;
    const message = report.message ?? null;
    const kind = report.state === "blocked" ? report.kind ?? null : null;
    const progress = report.progress ?? null;
    const held = HOLDING.has(report.source);
    if (held) this.#confirmedMono = this.#clock.mono();
    const same = this.state === report.state && this.source === report.source &&
      this.message === message && this.kind === kind && this.progress === progress;
    this.held = held;
    if (same) return false;
    if (this.state !== report.state) {
      this.since = this.#clock.now();
      this.sinceMono = this.#clock.mono();
    }
    this.state = report.state;
    this.source = report.source;
    this.message = message;
    this.kind = kind;
    this.progress = progress;
    return true;
  }

  /** The source lets its state go (a status `clear`, a session's end): anyone may replace it. */
  release(source: StateSource): void {
    if (this.source === source) this.held = false;
  }

  /**
   * Another program is in front (the agent exited or was killed without saying so): its status
   * records go, and neither its status reports nor its hooks hold the state any more.
   */
  programChanged(): void {
    this.status.apply({ type: "clear" });
    if (this.source === "status" || this.source === "hook") this.held = false;
  }

  /** Background tasks from the status records. */
  get tasks(): StatusTask[] {
    return this.status.children.map((r) => ({
      id: r.id!,
      state: r.state,
      kind: r.kind ?? null,
      progress: r.progress ?? null,
      title: r.title ?? null,
      message: r.msg ?? null,
    }));
  }

  /** The cloneable description. */
  info(): StateInfo {
    return {
      state: this.state,
      stateSource: this.source,
      stateMessage: this.message,
      stateKind: this.kind,
      stateProgress: this.progress,
      stateSince: new Date(this.since).toISOString(),
      tasks: this.tasks,
      agentSession: this.session && { ...this.session },
    };
  }
}

function rank(source: StateSource): number {
  return STATE_SOURCES.indexOf(source);
}
