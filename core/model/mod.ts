/**
 * The session model: sessions → windows → panes.
 *
 * @module
 */

export { Model } from "./model.ts";
export type {
  LaunchRequest,
  ModelOptions,
  PaneChanges,
  Placement,
  RestoreResult,
} from "./model_options.ts";
export type { ForegroundOptions, ReadForeground } from "./_pane_current.ts";
export type { MoveTarget } from "./_move_pane.ts";
export { Pane, PANE_STATES } from "./pane.ts";
export type { CurrentInfo, PaneExit, PaneInfo, PaneState, StateSource } from "./pane.ts";
export { AgentState, STATE_SOURCES } from "./agent_state.ts";
export type { AgentSession, StateInfo, StateReport, StatusTask } from "./agent_state.ts";
export type { ModelProcesses, PanePty, SpawnPty } from "./pane_pty.ts";
export { DeferredPty } from "./deferred_pty.ts";
export { type Clock, systemClock } from "./clock.ts";
export {
  AGENT_KINDS,
  AGENTS,
  guessAgentKind,
  processAgentKind,
} from "../../protocols/agents/mod.ts";
export type { AgentKind } from "../../protocols/agents/mod.ts";
export { targetResolver } from "./target_resolver.ts";
export type { ModelTargets } from "./target_resolver.ts";
export type { SessionInfo, SessionRecord, WindowInfo, WindowRecord } from "./records.ts";
