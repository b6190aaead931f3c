/**
 * Project configuration: the `"weft"` section of `deno.json`.
 *
 * @module
 */

export { findConfigFile, loadConfig, parseConfig } from "./load.ts";
export { BUILTIN_PLUGINS, DEFAULTS } from "./defaults.ts";
export type { BuiltinDefaults } from "./defaults.ts";
export type { PluginConfig, WeftConfig } from "./types.ts";
