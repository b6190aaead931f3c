/**
 * The messages a plugin host and a plugin Worker exchange. Every one is plain data, so it
 * survives `postMessage` (structured clone) unchanged.
 *
 * The plugin speaks first (a Worker drops messages posted before its handler exists):
 *
 * ```
 * plugin                      host
 *   manifest  ───────────────►      name checked, grant = asked ∩ allowed
 *             ◄───────────────  start {grant, options}
 *   ready     ───────────────►      commands registered on the bus
 *             ◄───────────────  call {id, name, input, caller, …} / cancel {id}
 *   call {parent} ────────────►     nested bus call, checked along the chain
 *             ◄───────────────  result {id, reply}
 *   result {id, reply} ───────►
 *   subscribe / unsubscribe ──►
 *   publish {topic, data} ─────►     an event on the bus (topics `<plugin>.*` only)
 *             ◄───────────────  event {subscription, event}
 *             ◄───────────────  ping / shutdown
 *   pong / log / exit ────────►
 *   reach {hosts} ────────────►     (grant `route`) the hosts its route reaches now
 *             ◄───────────────  route {id, call}: a call for another host; answered by result
 * ```
 *
 * @module
 */

import type { CommandSpec, EventFilter, WeftEvent } from "../bus/mod.ts";
import type { ErrorBody } from "../bus/errors.ts";
import type { Capability } from "../bus/capabilities.ts";

/** The protocol version a manifest carries; the host refuses any other. */
export const PROTOCOL_VERSION = 1;

/**
 * The host names each plugin Worker `weft-plugin:<name>`; the runtime answers only in Workers
 * named so, which keeps a plugin module harmless when some other Worker imports it.
 */
export const WORKER_NAME_PREFIX = "weft-plugin:";

/** A reply as it crosses: a value or an error body. */
export type WireReply = { ok: true; value: unknown } | { ok: false; error: ErrorBody };

/** The kinds of caller, as in the bus's `Caller`. */
export const CALLER_KINDS = [
  "socket",
  "cli",
  "tui",
  "web",
  "plugin",
  "mcp",
  "sideband",
  "internal",
  "host",
] as const;

/** A bus `Caller` as it crosses: grants as a list instead of a `Set`. */
export interface WireCaller {
  kind: typeof CALLER_KINDS[number];
  id: string;
  pane?: string;
  grants: Capability[] | "all";
  chain?: string[];
}

/** What a plugin declares about itself when its Worker starts. */
export interface Manifest {
  protocol: number;
  name: string;
  version: string;
  description?: string;
  /** Everything the plugin asks for; it gets this ∩ what the project allows. */
  capabilities: Capability[];
  commands: CommandSpec[];
}

/** Severity of a plugin's log line. */
export type LogLevel = "debug" | "info" | "warn" | "error";

/** The host's answer to a manifest: the effective grant and the configured options. */
export interface StartMessage {
  type: "start";
  grant: Capability[];
  options: Record<string, unknown>;
  /** The plugin's private data folder (absolute), when it was granted `data`. */
  dataDir?: string;
}

/** A call into the plugin (host → plugin) or a nested bus call (plugin → host). */
export interface HostCallMessage {
  type: "call";
  /** The host's id for this call; the plugin answers with a `result` of the same id. */
  id: string;
  name: string;
  input: unknown;
  /** The canonical ids of the targets the bus resolved, by field. */
  targets?: Record<string, string>;
  caller: WireCaller;
  requestId: string;
}

/** The answer to a call, in either direction. */
export interface ResultMessage {
  type: "result";
  id: string;
  reply: WireReply;
}

/**
 * A call for another host, handed to the plugin whose route reaches it (see
 * `core/bus/route.ts`): answered with a `result` of the same id, withdrawn with a `cancel`.
 */
export interface RouteMessage {
  type: "route";
  id: string;
  /** The host the call's targets name. */
  host: string;
  name: string;
  /** The input with its targets as `host` knows them (its own name stripped). */
  input: unknown;
  caller: WireCaller;
  requestId: string;
  timeoutMs?: number;
}

/** Every message the host sends to a plugin. */
export type HostMessage =
  | StartMessage
  | HostCallMessage
  | { type: "cancel"; id: string }
  | ResultMessage
  | RouteMessage
  /**
   * Follow another host's pane for one subscriber here (the plugin's route reaches that host):
   * its events come back as `followed` with this id, until `unfollow`.
   */
  | { type: "follow"; id: string; host: string; pane: string; replay: boolean }
  | { type: "unfollow"; id: string }
  | { type: "event"; subscription: string; event: WeftEvent }
  /** A snapshot subscription's read (sent before its events), or why it was refused. */
  | { type: "subscribed"; subscription: string; snapshot?: unknown; error?: ErrorBody }
  /**
   * Some events of this subscription were dropped here: the plugin read them too slowly (one
   * pane's events past a backlog). The next event may not follow the last one it got; a plugin
   * that mirrors a pane reads it again.
   */
  | { type: "dropped"; subscription: string }
  | { type: "ping"; seq: number }
  | { type: "shutdown" };

/** The door kinds a plugin may call for (a plugin that serves its own clients). */
export const ON_BEHALF_KINDS = ["mcp", "sideband", "web", "host"] as const;

/**
 * Whom a door plugin calls for: one of its own clients (an MCP session, the pane whose
 * sideband spoke). It changes attribution and can narrow rights, never widen them: the host
 * builds the caller from the plugin's grant ∩ `grants`, with the id under the plugin's name.
 */
export interface OnBehalf {
  kind: typeof ON_BEHALF_KINDS[number];
  /** The client's id within the plugin, e.g. an MCP session id. */
  id: string;
  /** The pane the client runs in, when it is known. */
  pane?: string;
  /** Only these of the plugin's rights (a read-only session). */
  grants?: Capability[];
}

/** A nested bus call made by a plugin. */
export interface PluginCallMessage {
  type: "call";
  /** The plugin's id for this call. */
  id: string;
  name: string;
  input: unknown;
  /** The host call being handled when the plugin made this one: its rights bound this one. */
  parent?: string;
  /** A call made for one of the plugin's own clients (only outside a host call). */
  onBehalf?: OnBehalf;
}

/** An event a plugin publishes; its topic must start with the plugin's name and a dot. */
export interface PublishMessage {
  type: "publish";
  topic: string;
  data: unknown;
  /** The pane the event is about. */
  pane?: string;
}

/** Every message a plugin sends to the host. */
export type PluginMessage =
  | { type: "manifest"; manifest: Manifest }
  | { type: "ready"; error?: ErrorBody }
  | ResultMessage
  | PluginCallMessage
  /**
   * Asks for events. With `snapshot` (`pane.read`'s input for one pane) the host first answers
   * `subscribed` with that read; the events that follow are exactly what the read did not show.
   */
  | { type: "subscribe"; id: string; filter: EventFilter; snapshot?: Record<string, unknown> }
  | { type: "unsubscribe"; id: string }
  | PublishMessage
  | { type: "log"; level: LogLevel; message: string }
  | { type: "pong"; seq: number }
  | { type: "exit"; code: number }
  /** The hosts this plugin's route reaches now (it needs the `route` grant); replaces the last. */
  | { type: "reach"; hosts: string[] }
  /** An event of another host's pane that a `follow` of this id asked for. */
  | { type: "followed"; id: string; event: WeftEvent };
