/**
 * The payload of every event the core publishes, by topic: what a subscriber reads in
 * `event.data`. Declared once here; {@link CoreEventData} types a handler's data by its topic.
 *
 * @module
 */

import type { ErrorBody } from "./errors.ts";
import type { LayoutNode } from "../layout/tree/mod.ts";
import type {
  AgentKind,
  AgentSession,
  CurrentInfo,
  PaneInfo,
  PaneState,
  SessionInfo,
  StateSource,
  StatusTask,
  WindowInfo,
} from "./records.ts";

/** `pane.changed`: the pane and the new value of each property that changed. */
export interface PaneChanged {
  pane: string;
  name?: string | null;
  agent?: AgentKind;
  tags?: string[];
  meta?: Record<string, string>;
  displayFilter?: string | null;
  agentSession?: AgentSession;
  /** After `pane.move`: where the pane is now. */
  window?: string;
  session?: string;
}

/** `pane.state`: a pane's new state and who reported it. */
export interface PaneStateEvent {
  pane: string;
  state: PaneState;
  source: StateSource;
  message: string | null;
  kind: string | null;
  progress: number | null;
  since: string;
  tasks: StatusTask[];
}

/** Each core topic's payload. */
export interface CoreEvents {
  "session.created": SessionInfo;
  "session.changed": { session: string; name: string | null };
  "session.closed": { session: string };
  "window.created": WindowInfo;
  "window.changed": { window: string; name: string | null };
  "window.closed": { window: string; session: string };
  "pane.created": PaneInfo;
  "pane.changed": PaneChanged;
  "pane.closed": { pane: string; window: string };
  "pane.exited": { pane: string; code: number | null; signal: string | null };
  "pane.state": PaneStateEvent;
  "pane.current": { pane: string; current: CurrentInfo | null };
  "pane.output": { pane: string; data: string };
  /** OSC 52: a program in the pane set the clipboard (`buffer`: kept as weft's paste buffer). */
  "pane.clipboard": { pane: string; text: string; buffer: boolean };
  "pane.canvas.input": { pane: string; owner: string; data: string };
  "pane.canvas.resized": { pane: string; owner: string; cols: number; rows: number };
  "layout.changed": { window: string; layout: LayoutNode | null };
  "focus.changed": { pane: string | null; window: string; session: string };
  "bus.commands_changed": { owner: string; added?: string[]; removed?: string[] };
  "plugin.started": {
    name: string;
    version: string;
    grant: string[];
    commands: string[];
    restarts: number;
  };
  "plugin.stopped": { name: string };
  "plugin.crashed": { name: string; error: ErrorBody; restarts: number; restartInMs: number };
  "plugin.failed": { name: string; error: ErrorBody };
}

/** A core topic. */
export type CoreTopic = keyof CoreEvents;

/** The data of an event on `topic`: its declared payload for a core topic, else unknown. */
export type CoreEventData<T extends string> = T extends CoreTopic ? CoreEvents[T] : unknown;

/** Publishes a core event: the topic's declared payload, checked at compile time. */
export type PublishCore = <T extends CoreTopic>(
  topic: T,
  data: CoreEvents[T],
  pane?: string,
) => void;

/** The prefixes of the topics only the core publishes (with `layout.changed`). */
export type CoreTopicPrefix = "session" | "window" | "pane" | "server" | "focus" | "plugin" | "bus";

/**
 * What the core may publish on `topic`: a core topic's declared payload; `never` for an
 * undeclared topic under a core prefix (declare it in {@link CoreEvents} first); anything on
 * another topic (a test's own).
 */
export type PublishedData<T extends string> = T extends CoreTopic ? CoreEvents[T]
  : T extends `${CoreTopicPrefix}.${string}` ? never
  : unknown;
