/**
 * Plugins: the API a plugin module uses ({@link definePlugin}) and the host that runs each
 * plugin in its own Worker ({@link PluginHost}).
 *
 * A plugin module imports everything it needs from here:
 *
 * @example
 * ```ts
 * import { z } from "zod";
 * import { defineCommand, definePlugin } from "./mod.ts";
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
export type { OnBehalf } from "../../protocols/plugin/mod.ts";
export { PLUGIN_HOST_DEFAULTS, PluginHost } from "./host.ts";
export type { PluginHostOptions } from "./host.ts";
export { processTransport } from "./_process_transport.ts";
export { workerTransport } from "./_worker_transport.ts";
export type { Transport, TransportFactory } from "./_transport.ts";
export type { PluginLogEntry, PluginState, PluginStatus } from "./types.ts";
export { defineCommand } from "../bus/mod.ts";
export type { CallContext, Caller, Command, EventFilter, WeftEvent } from "../bus/mod.ts";
export { WeftError } from "../../protocols/bus/errors.ts";
export type { ErrorCode } from "../../protocols/bus/errors.ts";
export type { Capability } from "../../protocols/bus/capabilities.ts";
