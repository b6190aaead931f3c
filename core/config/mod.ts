/**
 * Project configuration: the `"weft"` section of `deno.json`.
 *
 * @module
 */

export { findConfigFile, loadConfig, parseConfig } from "./load.ts";
export { DEFAULTS } from "./defaults.ts";
export { CORE_NAMES, RESERVED_NAMES, reservedReason } from "./reserved.ts";
export type { ConfigOptions } from "./load.ts";
export type { BuiltinPlugin, Grant, PluginConfig, WakeOn, WakeRule, WeftConfig } from "./types.ts";
