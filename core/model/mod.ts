/**
 * The session model: sessions → windows → panes.
 *
 * @module
 */

export { Model } from "./model.ts";
export type { LaunchRequest, ModelOptions, Placement, RestoreResult } from "./model.ts";
export { Pane, PANE_STATES } from "./pane.ts";
export type { PaneExit, PaneInfo, PaneState, StateSource } from "./pane.ts";
export { AGENT_KINDS, guessAgentKind } from "./agent_kind.ts";
export type { AgentKind } from "./agent_kind.ts";
export type { SessionInfo, SessionRecord, WindowInfo, WindowRecord } from "./records.ts";
