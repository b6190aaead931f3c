/**
 * The plugin host: runs each configured plugin in its own process ({@link PluginHost}) with the
 * permissions its grant allows and a memory cap; a Worker is the other transport. What a plugin
 * itself imports is the SDK, `core/sdk/mod.ts` (`@weft/weft/plugin`); the host never runs inside
 * a plugin.
 *
 * @example
 * ```ts
 * import { Bus } from "../bus/mod.ts";
 * import { PluginHost } from "./mod.ts";
 * const host = new PluginHost({ bus: new Bus(), projectDir: Deno.cwd() });
 * await host.start([]);
 * await host.stop();
 * ```
 *
 * @module
 */

export { PLUGIN_HOST_DEFAULTS, PluginHost } from "./host.ts";
export type { PluginHostOptions } from "./host.ts";
export { fileManifestCache, layeredManifestCache } from "./manifest_cache.ts";
export type { FileManifestCacheOptions, ManifestCache } from "./manifest_cache.ts";
export { processTransport } from "./_process_transport.ts";
export { wakes } from "./_held_events.ts";
export { refreshPluginCode } from "./refresh.ts";
export type { Refreshed } from "./refresh.ts";
export { workerTransport } from "./_worker_transport.ts";
export type { Transport, TransportFactory } from "./_transport.ts";
export type { PluginLogEntry, PluginState, PluginStatus } from "./types.ts";
