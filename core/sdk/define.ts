/**
 * The public plugin API: a plugin module default-exports `definePlugin({...})`.
 *
 * @module
 */

import type { CallInput, CoreCalls, CoreCommand, NotCore } from "../../protocols/bus/calls.ts";
import type { EventFilter, WeftEvent } from "../../protocols/bus/events.ts";
import type { ScreenModes } from "../../protocols/terminal/screen_read.ts";
import type { Command } from "./command.ts";
import { specOf } from "../../protocols/bus/schema.ts";
import type { Caller, CommandSpec } from "../../protocols/bus/command_spec.ts";
import { type Capability, parseCapability } from "../../protocols/bus/capabilities.ts";
import { type Manifest, type OnBehalf, PROTOCOL_VERSION } from "../../protocols/plugin/mod.ts";
import { announceInWorker } from "./_runtime.ts";
import type { RawOptions } from "./options.ts";

/**
 * What a plugin's setup can use; `O` is what its options parser returned. Keep what handlers
 * need in the state `setup` returns (handlers get it as `state`), not in module variables.
 */
export interface PluginContext<O = RawOptions> {
  /** The plugin's name. */
  readonly name: string;
  /** The plugin's options: as its `options` parser returned them, else as configured. */
  readonly options: O;
  /** What the plugin was granted: what it asked for ∩ what the project allows. */
  readonly grant: ReadonlySet<Capability>;
  /**
   * The plugin's private data folder (`<project>/.weft/data/<name>/`, absolute) when it was
   * granted `data`: it may read and write there and nowhere else, and keeps its own SQLite file
   * there (`node:sqlite`). Undefined without the grant.
   */
  readonly dataDir: string | undefined;
  /**
   * Calls a bus command; throws a `WeftError` on failure. Outside any handler the call has the
   * plugin's own rights. While a command handler runs (in anything it awaits or schedules) the
   * call is that handler's: bounded by its caller chain, like the handler's own `call`, and
   * refused once the handler has returned. A door plugin passes `onBehalf` to call for one of
   * its own clients (an MCP session, a pane's sideband): the call is attributed to that client,
   * and bounded by `onBehalf.grants` too.
   */
  call<N extends CoreCommand>(
    name: N,
    input?: CallInput<N>,
    options?: PluginCallOptions,
  ): Promise<CoreCalls[N]>;
  call<T = unknown, N extends string = string>(
    name: N & NotCore<N>,
    input?: unknown,
    options?: PluginCallOptions,
  ): Promise<T>;
  /**
   * Receives the events that match `filter` (and that the grant lets the plugin see). A plugin
   * that reads a pane's events more slowly than they come (2 MiB of them waiting) loses the
   * rest of that burst: `options.dropped` is then called where the gap is (without it, the
   * loss is logged); a plugin that mirrors a pane reads it again there.
   */
  subscribe(
    filter: EventFilter,
    listener: (event: WeftEvent) => void,
    options?: SubscribeOptions,
  ): () => void;
  /**
   * A pane's screen, then its events from there on: resolves with `pane.read`'s answer for
   * `read` (and the pane's input modes) once taken; `listener` then gets exactly the events that
   * read did not show, none twice and none lost: what a mirror of a pane needs. Rejects when the
   * read or the subscription is refused.
   */
  subscribeFrom(
    read: CallInput<"pane.read"> & { pane: string },
    filter: EventFilter,
    listener: (event: WeftEvent) => void,
    options?: SubscribeOptions,
  ): Promise<{ snapshot: PaneSnapshot; off: () => void }>;
  /** Publishes an event `<plugin name>.<what>` (optionally about a pane) to the bus's subscribers. */
  publish(topic: string, data: unknown, pane?: string): void;
  /** Writes a line to the server's log, attributed to the plugin. */
  log(...args: unknown[]): void;
  /**
   * Tells the host which hosts this plugin's {@link PluginDefinition.route} reaches now (it
   * needs the `route` grant): calls whose targets name one of them (`buildbox/p3`) come to
   * `route`. Each call replaces the last list; an empty list reaches none.
   */
  reach(hosts: readonly string[]): void;
  /**
   * Runs `fn` as the plugin's own work, outside the handler it is called from: its bus calls,
   * and those of whatever it schedules, have the plugin's own rights again and may outlive the
   * handler. For work the plugin does for itself (a reader a command switched on), never for
   * what a caller asked it to do: that stays bounded by the caller's rights.
   */
  detached<T>(fn: () => T): T;
}

/** What {@link PluginContext.subscribeFrom} answers first: the read, and the pane's input modes. */
export type PaneSnapshot = CoreCalls["pane.read"] & { modes?: ScreenModes | undefined };

/** Options of {@link PluginContext.subscribe}. */
export interface SubscribeOptions {
  /** Some events were dropped here (the plugin read too slowly); the next may not follow. */
  dropped?: () => void;
}

/** A call for another host that the bus handed to a plugin's {@link PluginDefinition.route}. */
export interface RoutedCall {
  /** The host the call's targets name. */
  host: string;
  name: string;
  /** The input with its targets as `host` knows them (its own name stripped). */
  input: unknown;
  /** Who made the call here (its rights were checked here already). */
  caller: Caller;
  requestId: string;
  /** The caller's deadline in ms, if it gave one. */
  timeoutMs?: number;
  /** Aborted when the caller gives up or cancels. */
  signal: AbortSignal;
}

/** Options of {@link PluginContext.call}. */
export interface PluginCallOptions {
  onBehalf?: OnBehalf;
}

/**
 * What {@link definePlugin} takes. `S` is the state `setup` returns and handlers receive; `O`
 * the options its `options` parser returns.
 */
export interface PluginDefinition<S = unknown, O = RawOptions> {
  /** Lower-case name; the plugin's commands are `<name>.*`. */
  name: string;
  version: string;
  description?: string;
  /** Everything the plugin needs: bus capabilities and Deno-level ones (`read:./data`). */
  capabilities: readonly Capability[];
  /** Its commands; handlers that use `state` are made with `withState<S>().defineCommand`. */
  commands: readonly Command<unknown, unknown, S>[];
  /**
   * Checks the project's options and fills in defaults (see `optionsParser`); runs in the
   * Worker before `setup`, and a throw fails the plugin's start with its message.
   */
  options?(raw: RawOptions): O;
  /**
   * Runs once in the Worker after the grant is known, before any command is called; what it
   * returns is the plugin's state, handed to every handler as `state`.
   */
  setup?(ctx: PluginContext<O>): S | Promise<S>;
  /**
   * Carries a call for another host (a plugin granted `route` that said which hosts it reaches
   * with {@link PluginContext.reach}): returns the call's value there or throws its `WeftError`.
   */
  route?(call: RoutedCall, state: S): Promise<unknown>;
  /**
   * Follows another host's pane for one subscriber on this bus (a plugin granted `route`, for
   * a host it reaches): `emit` its events (`pane.output`, the pane as that host names it) until
   * the returned function is called. With `replay`, what that host keeps of the pane's output
   * comes first.
   */
  follow?(
    follow: RoutedFollow,
    emit: (event: WeftEvent) => void,
    state: S,
  ): () => void;
}

/** Another host's pane a subscriber here follows (see {@link PluginDefinition.follow}). */
export interface RoutedFollow {
  host: string;
  /** The pane as that host names it. */
  pane: string;
  replay: boolean;
}

/**
 * What {@link definePlugin} checks once `S` is inferred from `setup`: every command's handler
 * takes the state `setup` returns. (Typing `commands` with `S` directly would fix `S` before
 * `setup` is looked at.)
 */
type Checked<S, O, C> =
  & Omit<PluginDefinition<S, O>, "commands">
  & { commands: C }
  & (C extends readonly Command<unknown, unknown, S>[] ? unknown
    : { commands: readonly Command<unknown, unknown, S>[] });

/** A defined plugin: its definition plus the manifest it sends to the host. */
export interface Plugin<S = unknown, O = RawOptions> extends Readonly<PluginDefinition<S, O>> {
  readonly manifest: Manifest;
}

const NAME = /^[a-z][a-z0-9_]*$/;

/**
 * Defines a plugin. Imported anywhere, it only returns the definition; loaded as the main
 * module of a plugin Worker, it also starts the Worker side of the protocol.
 *
 * @example
 * ```ts
 * import { z } from "zod";
 * import { defineCommand } from "./command.ts";
 * import { definePlugin } from "./define.ts";
 * const plugin = definePlugin({
 *   name: "demo",
 *   version: "1.0.0",
 *   capabilities: [],
 *   commands: [defineCommand({
 *     name: "demo.greet", title: "Greet", description: "Says hello.", capabilities: [],
 *     input: z.object({ name: z.string() }), handler: ({ input }) => `hello ${input.name}`,
 *   })],
 * });
 * console.assert(plugin.manifest.commands[0]?.name === "demo.greet");
 * ```
 */
export function definePlugin<
  S = undefined,
  O = RawOptions,
  const C extends readonly CommandSpec[] = readonly Command[],
>(definition: Checked<S, O, C>): Plugin<S, O> {
  if (!NAME.test(definition.name)) {
    throw new TypeError(
      `Cannot define plugin "${definition.name}": name must match ${NAME}`,
    );
  }
  if (typeof definition.version !== "string" || definition.version === "") {
    throw new TypeError(
      `Cannot define plugin "${definition.name}": version must be a string`,
    );
  }
  const capabilities = definition.capabilities.map(parseCapability);
  const names = definition.commands.map((c) => c.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) {
    throw new TypeError(
      `Cannot define plugin "${definition.name}": "${twice}" is defined twice`,
    );
  }
  const plugin = {
    ...definition,
    capabilities,
    manifest: manifestOf(definition),
  } as Plugin<S, O>;
  announceInWorker(plugin);
  return plugin;
}

function manifestOf(
  definition: Pick<PluginDefinition, "name" | "version" | "description" | "capabilities"> & {
    commands: readonly CommandSpec[];
  },
): Manifest {
  return {
    protocol: PROTOCOL_VERSION,
    name: definition.name,
    version: definition.version,
    ...(definition.description === undefined ? {} : { description: definition.description }),
    capabilities: [...definition.capabilities],
    commands: definition.commands.map(specOf),
  };
}
