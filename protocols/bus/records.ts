/**
 * The records that cross the bus's edge: what commands return and events carry about panes,
 * windows, sessions and layouts. Declared once here; the core builds them, every door and
 * plugin reads them (`protocols/bus/calls.ts` types a call's result from them).
 *
 * @module
 */

import type { LayoutNode, Rect } from "../layout/tree/mod.ts";
import type { AgentKind } from "../agents/kind.ts";

export { AGENT_KINDS } from "../agents/kind.ts";
export type { AgentKind } from "../agents/kind.ts";

/** A pane's state. */
export const PANE_STATES = [
  "working",
  "idle",
  "blocked",
  "done",
  "error",
  "exited",
  "unknown",
] as const;

/** One of {@link PANE_STATES}. */
export type PaneState = typeof PANE_STATES[number];

/** Who reports states, most trusted first. */
export const STATE_SOURCES = ["status", "hook", "self", "process", "screen", "output"] as const;

/** One of {@link STATE_SOURCES}. */
export type StateSource = typeof STATE_SOURCES[number];

/** The agent session a pane runs (Claude Code's `session_id`, from its hooks). */
export interface AgentSession {
  id: string;
  transcriptPath: string | null;
  /** How it started: `startup`, `resume`, `clear`, `compact`. */
  source: string | null;
}

/** A background task the program reported (a child record of OSC 7501). */
export interface StatusTask {
  id: string;
  state: string;
  kind: string | null;
  progress: number | null;
  title: string | null;
  message: string | null;
}

/** What a pane's description says about its state. */
export interface StateInfo {
  state: PaneState;
  stateSource: StateSource;
  stateMessage: string | null;
  stateKind: string | null;
  stateProgress: number | null;
  /** When the state last changed (ISO 8601). */
  stateSince: string;
  tasks: StatusTask[];
  agentSession: AgentSession | null;
}

/** How a pane's process ended. */
export interface PaneExit {
  code: number | null;
  signal: string | null;
}

/** What runs in a pane's foreground, as commands and the `pane.current` event show it. */
export interface CurrentInfo {
  pid: number;
  program: string;
  argv: string[];
  /** Null when it cannot be read. */
  cwd: string | null;
}

/** The cloneable description of a pane, as commands return it. */
export interface PaneInfo extends StateInfo {
  id: string;
  name: string | null;
  session: string;
  window: string;
  command: string;
  argv: string[];
  cwd: string;
  pid: number;
  cols: number;
  rows: number;
  title: string;
  agent: AgentKind;
  /** What runs in the pane's foreground (null before the first look and after exit). */
  current: CurrentInfo | null;
  exit: PaneExit | null;
  tags: string[];
  meta: Record<string, string>;
  createdBy: string | null;
  focused: boolean;
  revision: number;
  /** A canvas pane (no process; drawn by `pane.draw`): who draws it. Null for a program's pane. */
  canvas: string | null;
}

/** What commands return about a session. */
export interface SessionInfo {
  id: string;
  name: string | null;
  windows: string[];
  currentWindow: string | null;
  current: boolean;
  createdAt: string;
}

/** What commands return about a window. */
export interface WindowInfo {
  id: string;
  name: string | null;
  session: string;
  index: number;
  panes: string[];
  focused: string | null;
  zoomed: string | null;
  current: boolean;
  cols: number;
  rows: number;
}

/** A pane's rectangle in its window, in cells. */
export interface PaneRect extends Rect {
  pane: string;
}

/** A window's layout as `window.layout` returns it: the tree, size and each pane's rectangle. */
export interface LayoutInfo {
  window: string;
  cols: number;
  rows: number;
  focused: string | null;
  zoomed: string | null;
  layout: LayoutNode | null;
  panes: PaneRect[];
}

/** One agent waiting for a human (`pane.needs`): what it asks, its choices, since when. */
export interface Need {
  pane: string;
  name: string | null;
  session: string;
  window: string;
  agent: AgentKind;
  /** `blocked` (a permission, a question, auth) or `error`. */
  state: PaneState;
  /** What it waits on: `permission`, `question`, … as reported; null when nobody said. */
  kind: string | null;
  /** The exact question (the dialog's text, or what the report said). */
  question: string | null;
  /** The dialog's numbered choices on screen (`weft answer PANE N`); empty when none shown. */
  choices: { n: number; label: string }[];
  /**
   * The dialog as read, or the held request's id (`pane.answer` answers only this one); null
   * when neither.
   */
  fingerprint: string | null;
  /**
   * The permission request the agent's hook holds open (Claude Code's `PermissionRequest`):
   * the tool and its input; `pane.answer` answers it through the hook, not by keys. Null when
   * none is held.
   */
  held: { id: string; tool: string; input: string } | null;
  stateSource: StateSource;
  /** When it started waiting (ISO 8601), and how long ago that was. */
  since: string;
  waitedMs: number;
}
