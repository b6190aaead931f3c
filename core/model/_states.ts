/**
 * The model's side of agent states: taking reports (`pane.state` when one changes), the
 * program's status records, output activity and quiet (working ↔ idle for panes nobody better
 * speaks for), the end of a process, and the agent session a pane runs.
 *
 * @module
 */

import type { StatusMessage } from "../../protocols/status/mod.ts";
import type { AgentSession, StateReport } from "./agent_state.ts";
import { statusReport } from "./_status.ts";
import { fromSpeaker } from "./_status_gate.ts";
import type { Pane, PaneExit } from "./pane.ts";
import type { Clock } from "./clock.ts";
import type { PublishCore } from "../../protocols/bus/core_events.ts";

/** What {@link PaneStates} needs of the model. */
export interface PaneStatesOptions {
  panes: ReadonlyMap<string, Pane>;
  publish: PublishCore;
  clock: Clock;
  idleMs: number;
}

/** Agent states of the model's panes. */
export class PaneStates {
  #o: PaneStatesOptions;

  constructor(options: PaneStatesOptions) {
    this.#o = options;
  }

  /**
   * Reports `pane`'s state; tells subscribers (`pane.state`) when it changed. False when a more
   * trusted source holds the state.
   */
  set(pane: Pane, report: StateReport): boolean {
    const exited = pane.exit !== null;
    if (!pane.agentState.report(report, exited)) return false;
    this.#publish(pane);
    return true;
  }

  /** Records the agent session `pane` runs; `pane.changed` tells of a new one. */
  setSession(pane: Pane, session: AgentSession): void {
    const state = pane.agentState;
    const same = state.session?.id === session.id ? state.session : null;
    // Later events of a session do not say how it started: keep what its first one said.
    const next: AgentSession = {
      id: session.id,
      transcriptPath: session.transcriptPath ?? same?.transcriptPath ?? null,
      source: session.source ?? same?.source ?? null,
    };
    if (JSON.stringify(state.session) === JSON.stringify(next)) return;
    state.session = next;
    this.#o.publish("pane.changed", { pane: pane.id, agentSession: { ...next } }, pane.id);
  }

  /** Output arrived: an idle pane that output speaks for is working. */
  activity(pane: Pane): void {
    if (pane.state === "idle" && outputOwns(pane)) {
      this.set(pane, { state: "working", source: "output" });
    }
  }

  /**
   * The program's status record (OSC 7501). A report is taken only from the agent in front
   * that asked (`_status_gate.ts`): bytes a displayed file carries are not one.
   */
  status(pane: Pane, message: StatusMessage): void {
    if (message.type === "report" && !fromSpeaker(pane)) return;
    const state = pane.agentState;
    const tasks = JSON.stringify(state.tasks);
    if (!state.status.apply(message)) return;
    const report = statusReport(state.status);
    if (!report) state.release("status");
    const changed = this.set(pane, report ?? { state: "idle", source: "output" });
    if (!changed && JSON.stringify(state.tasks) !== tasks) this.#publish(pane);
  }

  /** The pane's process ended. */
  exited(pane: Pane, exit: PaneExit): void {
    this.set(pane, {
      state: "exited",
      source: "process",
      message: exit.signal ?? `exit ${exit.code}`,
    });
  }

  /** Working panes that output speaks for and that were quiet for `idleMs` are idle. */
  sweep(): void {
    const now = this.#o.clock.now();
    for (const pane of this.#o.panes.values()) {
      const quiet = now - pane.lastOutputAt >= this.#o.idleMs;
      if (quiet && pane.state === "working" && outputOwns(pane)) {
        this.set(pane, { state: "idle", source: "output" });
      }
    }
  }

  #publish(pane: Pane): void {
    const s = pane.agentState.info();
    this.#o.publish("pane.state", {
      pane: pane.id,
      state: s.state,
      source: s.stateSource,
      message: s.stateMessage,
      kind: s.stateKind,
      progress: s.stateProgress,
      since: s.stateSince,
      tasks: s.tasks,
    }, pane.id);
  }
}

/** Output activity speaks for a pane nobody better speaks for. */
function outputOwns(pane: Pane): boolean {
  const { source, held } = pane.agentState;
  return source === "output" || source === "process" || (!held && source !== "screen");
}
