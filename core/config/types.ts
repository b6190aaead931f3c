/**
 * The shape of the `"weft"` section of a project's `deno.json`, after validation.
 *
 * @module
 */

import type { Capability } from "../../protocols/bus/capabilities.ts";

/**
 * What a project allows a plugin: a list of capabilities, or `"asked"`: whatever the plugin's
 * own manifest asks for, resolved by the host when the manifest arrives. Only a built-in's own
 * module gets `"asked"`, so each built-in writes its capability list once, in its manifest.
 */
export type Grant = Capability[] | "asked";

/** A built-in plugin as the composition root offers it (`plugins/builtin.ts`). */
export interface BuiltinPlugin {
  /** The module's URL. */
  from: string;
  /** On when the project does not mention it. */
  enabled: boolean;
  /** What the project allows it unless its `deno.json` says otherwise. */
  grant: Grant;
  options: Record<string, unknown>;
  /** Started at its first use rather than with the server (see {@link PluginConfig.lazy}). */
  lazy?: boolean;
  /** Topics that start it when lazy (see {@link PluginConfig.wakeOn}). */
  wakeOn?: readonly WakeOn[];
}

/**
 * An event that starts a lazy plugin: a topic, or a {@link WakeRule}.
 *
 * @example
 * ```ts
 * import type { WakeOn } from "./types.ts";
 * const agentPane: WakeOn = { topic: "pane.created", where: { agent: ["claude"] } };
 * console.assert(typeof agentPane !== "string" && agentPane.topic === "pane.created");
 * ```
 */
export type WakeOn = string | WakeRule;

/**
 * A topic whose events start a lazy plugin only when their payload says so, and what is held
 * for it once one did.
 */
export interface WakeRule {
  topic: string;
  /**
   * The event wakes it when one of these payload fields holds one of its values (an array
   * field: one of its items; a value ending in `*` matches by prefix). None: every event does.
   */
  where?: Readonly<Record<string, readonly string[]>>;
  /**
   * Topics of the event's pane held for the plugin from then on, until it runs (the output of
   * the agent pane that woke it), so its subscriptions miss nothing of that pane.
   */
  hold?: readonly string[];
}

/** One plugin as the project configures it. */
export interface PluginConfig {
  /** The plugin's name: its commands are `<name>.*`. */
  name: string;
  /** Module specifier: a `file:` URL for built-in and path plugins, or `https:`/`npm:`. */
  from: string;
  /** What the project allows the plugin; the plugin gets what it asks for ∩ this. */
  grant: Grant;
  /** The plugin's own options, passed to its setup. */
  options: Record<string, unknown>;
  /** Its memory cap in MiB (the V8 heap of its process); the host's default when absent. */
  memoryMiB?: number;
  /**
   * Start it at its first use, not with the server: once its manifest is known from an earlier
   * run, its commands go on the bus at once and its process starts when one of them is called,
   * one of its topics is subscribed to, or the server finds state it owns. Only built-ins that
   * do nothing unasked say so.
   */
  lazy?: boolean;
  /**
   * Core event topics that start a lazy plugin (`pane.clipboard` for the tmux plugin's
   * buffers): those that come while it is idle or starting are held and handed to its
   * subscriptions once it subscribes, so none is lost. A {@link WakeRule} narrows a topic to
   * the events whose payload says so (a pane whose agent is one the plugin reads).
   */
  wakeOn?: readonly WakeOn[];
}

/** The whole validated configuration. */
export interface WeftConfig {
  /** The project directory (where the `deno.json` was found, or the cwd). */
  projectDir: string;
  /** The shell (program and options) for shell-string commands and new panes without one. */
  shell: string[];
  /** Cap on each pane's history, in bytes. */
  historyBytes: number;
  /** Quiet time after which a pane that produced output is idle. */
  idleMs: number;
  /**
   * The shortest time between two looks at what runs in front of a pane that had output or
   * input (its foreground process, the agent kind that follows it); 0 turns tracking off.
   */
  foregroundMs: number;
  /**
   * When a pane closes or the server stops, how long its processes get between SIGHUP and
   * SIGKILL (SIGTERM comes halfway).
   */
  killGraceMs: number;
  /**
   * Answer the Program Status Protocol probes (OSC 7501) of an agent in front that speaks it
   * and take its reports as pane states (Claude Code reports only to a terminal that answers).
   */
  statusProtocol: boolean;
  /**
   * A pane program's OSC 52 copy (tmux's `set-clipboard` words): `on` reaches attached
   * terminals and the paste buffers, `external` only the terminals, `off` nowhere. Panes tagged
   * `untrusted` never reach them.
   */
  clipboard: "on" | "external" | "off";
  /** Size of windows until a client attaches. */
  size: { cols: number; rows: number };
  /**
   * Human/agent arbitration: input from MCP or the sideband to a pane a human typed into within
   * `quietMs` waits up to `waitMs` for the human to pause, then fails with `BUSY_HUMAN`.
   */
  humanInput: { quietMs: number; waitMs: number };
  /**
   * `weft attach`: the prefix key (tmux-style name), history lines kept per shown pane, and
   * copy mode's keys (tmux's `mode-keys`).
   */
  attach: { prefix: string; scrollback: number; modeKeys: "vi" | "emacs" };
  /** Panes get `TMUX`, `TMUX_PANE` and weft's `tmux` first on `PATH` (`tmuxShim`). */
  tmuxShim: boolean;
  /** What `weft serve` starts with. */
  startup: { session: string; command?: string };
  /** Enabled plugins, in start order. */
  plugins: PluginConfig[];
  /**
   * What `weft serve` brings back from the store (`.weft/weft.db`): `"all"` (sessions, layouts
   * and each pane's program, agents resumed), `"layout"` (the same, with a shell in each pane),
   * `"off"` (nothing: start empty).
   */
  restore: "all" | "layout" | "off";
  /**
   * Built-in plugins that are off by default and that the project does not mention: a running
   * server may start one on request (`server.plugin_start`, e.g. from `weft web`).
   */
  dormant?: PluginConfig[];
}
