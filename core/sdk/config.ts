/**
 * The door kit: a project's configuration, read and written, for doors in their own
 * process (`weft serve`, `weft plugin`, `weft hooks`, `weft fabric join`, `weft attach`). It
 * loads the TOML reader, so the short CLI calls do not import it.
 *
 * @example
 * ```ts ignore
 * import { loadConfig } from "../../core/sdk/config.ts";
 * const config = await loadConfig(Deno.cwd());
 * ```
 *
 * @module
 */

export { findConfigFile, loadConfig } from "../config/mod.ts";
export type { BuiltinPlugin, PluginConfig, WeftConfig } from "../config/mod.ts";
export { pluginEntries, writePluginEntry } from "../config/write.ts";
