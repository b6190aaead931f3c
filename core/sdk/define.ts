/**
 * The public plugin API: a plugin module default-exports `definePlugin({...})`.
 *
 * @module
 */

import type { EventFilter, WeftEvent } from "../../protocols/bus/events.ts";
import { type Command, specOfCommand } from "./command.ts";
import { type Capability, parseCapability } from "../../protocols/bus/capabilities.ts";
import { type Manifest, type OnBehalf, PROTOCOL_VERSION } from "../../protocols/plugin/mod.ts";
import { announceInWorker } from "./_runtime.ts";

/**
 * What a plugin's setup can use. Handlers get the bus's `CallContext` instead, whose `call`
 * is bounded by the caller's rights as well as the plugin's.
 */
export interface PluginContext {
  /** The plugin's name. */
  readonly name: string;
  /** The plugin's options from the project's config. */
  readonly options: Readonly<Record<string, unknown>>;
  /** What the plugin was granted: what it asked for ∩ what the project allows. */
  readonly grant: ReadonlySet<Capability>;
  /**
   * Calls a bus command with the plugin's own rights; throws a `WeftError` on failure. A door
   * plugin passes `onBehalf` to call for one of its own clients (an MCP session, a pane's
   * sideband): the call is attributed to that client, and bounded by `onBehalf.grants` too.
   */
  call<T = unknown>(name: string, input?: unknown, options?: PluginCallOptions): Promise<T>;
  /** Receives the events that match `filter` (and that the grant lets the plugin see). */
  subscribe(
    filter: EventFilter,
    listener: (event: WeftEvent) => void,
  ): () => void;
  /** Publishes an event `<plugin name>.<what>` (optionally about a pane) to the bus's subscribers. */
  publish(topic: string, data: unknown, pane?: string): void;
  /** Writes a line to the server's log, attributed to the plugin. */
  log(...args: unknown[]): void;
}

/** Options of {@link PluginContext.call}. */
export interface PluginCallOptions {
  onBehalf?: OnBehalf;
}

/** What {@link definePlugin} takes. */
export interface PluginDefinition {
  /** Lower-case name; the plugin's commands are `<name>.*`. */
  name: string;
  version: string;
  description?: string;
  /** Everything the plugin needs: bus capabilities and Deno-level ones (`read:./data`). */
  capabilities: readonly Capability[];
  commands: readonly Command[];
  /** Runs once in the Worker after the grant is known, before any command is called. */
  setup?: (ctx: PluginContext) => void | Promise<void>;
}

/** A defined plugin: its definition plus the manifest it sends to the host. */
export interface Plugin extends Readonly<PluginDefinition> {
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
export function definePlugin(definition: PluginDefinition): Plugin {
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
  const plugin: Plugin = {
    ...definition,
    capabilities,
    manifest: manifestOf(definition),
  };
  announceInWorker(plugin);
  return plugin;
}

function manifestOf(definition: PluginDefinition): Manifest {
  return {
    protocol: PROTOCOL_VERSION,
    name: definition.name,
    version: definition.version,
    ...(definition.description === undefined ? {} : { description: definition.description }),
    capabilities: [...definition.capabilities],
    commands: definition.commands.map(specOfCommand),
  };
}
