/**
 * What each core command returns, by name: the typed half of the contract. The plugin SDK's
 * `ctx.call` and the socket client's `call` take their result type from here and their input
 * type from the contract (`contract/mod.ts`), so a caller of `pane.list` gets
 * `{panes: PaneInfo[]}` with no cast, and a misspelt input field does not compile. `core/commands/mod.ts` checks at compile
 * time that every handler returns what is declared here; `tests/outputs_test.ts` checks real
 * results against the output schemas (`protocols/bus/record_schemas.ts`).
 *
 * @module
 */

import type { CommandSpec } from "./command_spec.ts";
import type { CoreInputs } from "./contract/inputs.ts";
import type { ScreenModes, ScreenRead } from "../terminal/screen_read.ts";
import type { ErrorBody } from "./errors.ts";
import type {
  AgentSession,
  LayoutInfo,
  Need,
  PaneExit,
  PaneInfo,
  PaneState,
  SessionInfo,
  StateSource,
  WindowInfo,
} from "./records.ts";

/** The ids `session.create` and `window.create` made. */
export interface Created {
  session: string;
  window: string;
  pane: string;
}

/** `pane.read`: the text and where it came from. */
export interface PaneRead extends ScreenRead {
  pane: string;
  state: PaneState;
  exit: PaneExit | null;
  modes?: ScreenModes | undefined;
}

/** `pane.wait`: what matched and the pane's state then. */
export interface PaneWaited {
  pane: string;
  matched?: string | undefined;
  line?: string | undefined;
  state: PaneState;
  exit: PaneExit | null;
  revision: number;
  waitedMs: number;
}

/** `pane.run`: exit status and output. */
export interface PaneRan {
  pane: string;
  exitCode: number | null;
  signal: string | null;
  output: string;
  closed: boolean;
}

/** `pane.status`: the pane's description and how busy its screen is. */
export interface PaneStatus extends PaneInfo {
  bells: number;
  pendingBytes: number;
  idleForMs: number;
}

/** `pane.report`: what an agent hook event changed. */
export interface PaneReported {
  pane: string;
  event: string;
  changed: boolean;
  state: PaneState;
  stateSource: StateSource;
  agentSession: AgentSession | null;
}

/** What `server.status` says about the server itself (more fields may come). */
export interface ServerFacts extends Record<string, unknown> {
  pid: number;
  version: string;
  socket: string;
  projectDir: string;
  startedAt: string;
  uptimeMs: number;
  /** The project's state folder: `<project>/.weft`, or the user's when the project is read-only. */
  stateDir?: string | undefined;
  /** Every plugin's state, in start order. */
  plugins: PluginInfo[];
}

/** `server.plugin_start`: the plugin's state, and whether this call started it. */
export type PluginStarted = { [K in keyof PluginInfo]?: PluginInfo[K] | undefined } & {
  started?: boolean | undefined;
};

/** A plugin as `server.status` shows it. */
export interface PluginInfo {
  name: string;
  /** The module it was loaded from. */
  from: string;
  version?: string | undefined;
  /** `starting`, `running`, `idle`, `restarting`, `failed`, `stopped`, … */
  state: string;
  /** The effective grant: what it asked for ∩ what the project allows. */
  grant: string[];
  commands: string[];
  restarts: number;
  lastError?: ErrorBody | undefined;
}

/** `server.status`: the server's facts (pid, socket, version, plugins, …) and counts. */
export interface ServerStatus extends ServerFacts {
  sessions: number;
  windows: number;
  panes: number;
  current: { session?: string | undefined; window?: string | undefined; pane?: string | undefined };
  commands: number;
  foreground: { looks: number; lookMs: number } | null;
  /** Panes restored held (a store weft did not record here), not started. */
  held: string[];
}

/** Each core command's result. */
export interface CoreCalls {
  "session.create": Created;
  "session.list": { sessions: SessionInfo[] };
  "session.rename": SessionInfo;
  "session.kill": { killed: string };
  "session.view": Viewed;
  "window.create": Created;
  "window.list": { windows: WindowInfo[] };
  "window.select": WindowInfo;
  "window.rename": WindowInfo;
  "window.kill": { killed: string };
  "window.layout": LayoutInfo;
  "window.set_layout": LayoutInfo;
  "window.resize": LayoutInfo;
  "window.zoom": LayoutInfo;
  "pane.create": PaneInfo;
  "pane.respawn": PaneInfo;
  "pane.move": { pane: string; window: string; session: string };
  "pane.pipe": { pane: string; piped: boolean };
  "pane.list": { panes: PaneInfo[] };
  "pane.read": PaneRead;
  "pane.write": { pane: string; bytes: number };
  "pane.resize": LayoutInfo;
  "pane.focus": PaneInfo;
  "pane.close": { closed: string };
  "pane.rename": PaneInfo;
  "pane.status": PaneStatus;
  "pane.needs": { needs: Need[] };
  /** `via`: through the agent's held permission hook, or typed into its dialog. */
  "pane.answer": { pane: string; n: number; label: string; question: string; via: "hook" | "keys" };
  "pane.set": PaneInfo;
  "pane.report": PaneReported;
  "pane.wait": PaneWaited;
  "pane.run": PaneRan;
  "pane.check_key": { pane: string; valid: boolean };
  /** `size`: the transcript's bytes now; `found`: how often the text occurs after `after`. */
  "pane.transcript": { pane: string; available: boolean; size: number; found: number };
  "pane.reserve_names": ReservedNames;
  "pane.canvas": PaneInfo;
  "pane.draw": { pane: string; revision: number; cols: number; rows: number };
  "server.status": ServerStatus;
  "server.stop": { stopping: boolean; graceMs: number };
  "server.plugin_start": PluginStarted;
  "server.plugin_reload": PluginStarted;
  "server.allow": { started: string[]; held: string[] };
  "server.commands": { commands: CommandSpec[] };
}

/** A core command's name. */
export type CoreCommand = keyof CoreCalls;

/** What calling `name` returns: its declared result for a core command, else `unknown`. */
export type CallResult<N extends string> = N extends CoreCommand ? CoreCalls[N] : unknown;

/** What calling `name` takes: its contract's input for a core command, else `unknown`. */
export type CallInput<N extends string> = N extends CoreCommand ? CoreInputs[N] : unknown;

/**
 * `unknown` for a name that is not a core command's, `never` for one that is: a call's untyped
 * overload takes `name: N & NotCore<N>`, so a core command's call cannot fall through to it
 * with an input its contract refuses.
 */
export type NotCore<N extends string> = N extends CoreCommand ? never : unknown;

/**
 * A bus call typed from the contract: a core command's input and result are its declared
 * ones, any other command's result is what the caller says (`call<T>(…)`, for plugin commands).
 *
 * @example
 * ```ts ignore
 * const { panes } = await call("pane.list", {}); // panes: PaneInfo[]
 * await call("pane.list", { windw: "w1" }); // does not compile
 * ```
 */
export interface BusCall {
  <N extends CoreCommand>(name: N, input?: CoreInputs[N]): Promise<CoreCalls[N]>;
  <T = unknown, N extends string = string>(name: N & NotCore<N>, input?: unknown): Promise<T>;
}

/** `pane.reserve_names`: the names now kept, and those a pane or another plugin has. */
export interface ReservedNames {
  reserved: string[];
  taken: ({ name: string; pane: string } | { name: string; plugin: string })[];
}

/** `session.view`: the size now in effect for the viewer's session, or that it left. */
export interface Viewed {
  left: boolean;
  session?: string | undefined;
  cols?: number | undefined;
  rows?: number | undefined;
}
