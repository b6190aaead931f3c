/**
 * The wire description of a command and of who calls it: everything about a command except its
 * handler and validator. All of it is structured-cloneable, so it crosses a Worker, a process
 * or a socket.
 *
 * @module
 */

import type { Capability, GrantSet } from "./capabilities.ts";
import type { CommandTagSpec } from "../sideband/tags.ts";

/** A JSON Schema object, as produced by `z.toJSONSchema`. */
export type JsonSchema = Record<string, unknown>;

/** The kinds of object a command can act on. */
export type TargetKind = "pane" | "window" | "session";

/**
 * One object a command acts on, named by an input field; the bus resolves each before the
 * handler runs (like tmux's `cmd_entry` target) and writes the canonical id back into the field.
 */
export interface TargetSpec {
  /** The kind of object named. */
  kind: TargetKind;
  /** The input field that names it (an id such as `p3` or a unique name); also its key in the
   * handler's `targets`. */
  field: string;
  /**
   * When the field is absent: `"caller"` uses the caller's own pane (or its window/session),
   * then the focused one; `"focused"` uses the focused one; `"required"` is an error; `"none"`
   * means no object (the handler gets `undefined`).
   */
  fallback: "caller" | "focused" | "required" | "none";
  /**
   * When the field is absent, first derive the object from this earlier target, if it
   * resolved: a window's focused pane, a pane's window, a pane's or window's session.
   */
  from?: string;
}

/** What a command's targets resolve to, by kind: the model's objects in the core, ids in a Worker. */
export type TargetObjects = Readonly<Record<TargetKind, unknown>>;

/** Targets as canonical ids: what a plugin's handler, in its Worker, is handed. */
export type TargetIds = {
  readonly pane: string;
  readonly window: string;
  readonly session: string;
};

/**
 * The handler's `targets` for declared target specs: one key per field, the resolved object
 * of its kind (`undefined` only when the field may be left out with fallback `"none"`).
 */
export type ResolvedTargets<T extends readonly TargetSpec[], M extends TargetObjects> = {
  readonly [S in T[number] as S["field"]]: S["fallback"] extends "none" ? M[S["kind"]] | undefined
    : M[S["kind"]];
};

/**
 * A command's deadline: the bus aborts the handler's signal when it passes and replies
 * `TIMEOUT`.
 */
export interface TimeoutSpec {
  /** The deadline in ms when the input does not give one. */
  ms: number;
  /** An input field (a whole number of ms) with which the caller picks the deadline. */
  field?: string;
}

/** How the MCP door shows a command. */
export interface McpSpec {
  /** The tool name, when the generated snake_case one reads badly. */
  name?: string;
  /** False hides the command from MCP. */
  expose?: boolean;
  /** A tool that changes nothing (kept in read-only mode). */
  readOnly?: boolean;
}

/** The cloneable description of a command. */
export interface CommandSpec {
  /** `<owner>.<verb>`, e.g. `pane.create`, `layout.apply_preset`. */
  name: string;
  /** A short human title. */
  title: string;
  /** What an agent reads: what it does, when to use it, what it returns. */
  description: string;
  /** JSON Schema of the input. */
  inputSchema: JsonSchema;
  /** JSON Schema of the value returned. */
  outputSchema?: JsonSchema;
  /** Every capability the caller needs. Mandatory, may be empty only for harmless reads. */
  capabilities: readonly Capability[];
  /** The objects the command acts on, resolved in this order; none when absent. */
  targets?: readonly TargetSpec[];
  /** The command's deadline; none when absent. */
  timeout?: TimeoutSpec;
  /** MCP presentation. */
  mcp?: McpSpec;
  /** The sideband tag that calls this command (`<weft:NAME …/>`) and how its attributes map. */
  sideband?: CommandTagSpec;
  /**
   * The command answers agent hooks (`core/server/hook_answers.ts`): at each hook event of a
   * pane that can carry something back to the agent, the hook door calls it as that pane with
   * `{pane, agent, point, prompt?, before}` and a short deadline, and hands the `text` it
   * returns to the agent in the hook's answer (a message at the agent's next tool boundary).
   * Past `before` (ms since the epoch) its answer would come too late: it must take nothing.
   * Only a command whose owner was granted `pane:write` is asked (its answer is as good as
   * typing into the agent).
   */
  answersHooks?: boolean;
  /** The plugin (or `core`) that registered the command; set by the bus. */
  owner?: string;
}

/** Who is calling: attribution and rights. */
export interface Caller {
  /** What kind of door or actor. */
  kind: "socket" | "cli" | "tui" | "web" | "plugin" | "mcp" | "sideband" | "internal" | "host";
  /** A stable id for logs: a client id, a plugin name, an MCP session id. */
  id: string;
  /** The pane the caller runs in, when known (`WEFT_PANE`, the pane whose sideband spoke). */
  pane?: string;
  /** What the caller may do: already the intersection along the call chain. */
  grants: GrantSet;
  /** Owners along the call chain, outermost first (for loops and attribution). */
  chain?: readonly string[];
}
