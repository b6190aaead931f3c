/**
 * The plugin author SDK: everything a weft plugin imports, and nothing of the host. A plugin
 * module default-exports `definePlugin({...})`; loaded by the weft server in its own Worker, the
 * same call starts the Worker side of the plugin protocol. Another repository imports it as
 * `@weft/weft/plugin` (an import-map entry pointing at this file).
 *
 * @example
 * ```ts
 * import { defineCommand, definePlugin, z } from "./mod.ts";
 * const plugin = definePlugin({
 *   name: "demo",
 *   version: "1.0.0",
 *   capabilities: ["pane:read"],
 *   commands: [defineCommand({
 *     name: "demo.peek", title: "Peek", description: "Returns a pane's recent text.",
 *     capabilities: ["pane:read"], input: z.object({ pane: z.string() }),
 *     handler: ({ input, call }) => call("pane.read", { pane: input.pane }),
 *   })],
 * });
 * console.assert(plugin.manifest.capabilities[0] === "pane:read");
 * ```
 *
 * @module
 */

export { definePlugin } from "./define.ts";
export type { Plugin, PluginCallOptions, PluginContext, PluginDefinition } from "./define.ts";
export { defineCommand } from "./command.ts";
export type { CallContext, Command, CommandDefinition } from "./command.ts";
export { WeftError } from "../../protocols/bus/errors.ts";
export type { ErrorBody, ErrorCode } from "../../protocols/bus/errors.ts";
export type { Capability } from "../../protocols/bus/capabilities.ts";
export type { Caller, CommandSpec, JsonSchema } from "../../protocols/bus/command_spec.ts";
export type { EventFilter, WeftEvent } from "../../protocols/bus/events.ts";
export type { OnBehalf } from "../../protocols/plugin/mod.ts";
export { z } from "zod";
