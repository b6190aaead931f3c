/**
 * What `weft plugin list` shows: every plugin the project could run, on or off, with how it
 * starts, its state in the running server (or what the config says without one), its grant.
 *
 * @module
 */

import type { BuiltinPlugin, PluginConfig, WeftConfig } from "../../core/sdk/config.ts";
import type { PluginInfo } from "../../protocols/bus/calls.ts";

/** One row of `weft plugin list`. */
export interface PluginRow {
  name: string;
  on: boolean;
  /** `lazy`: its process starts at first use; `eager`: with the server. */
  start: "lazy" | "eager";
  /** The running server's state for it, else `off`, `dormant` (off by default) or `configured`. */
  state: string;
  /** The effective grant when it runs, else what the config allows (`asked`: its manifest's). */
  grant: string[];
  /** `built-in`, or its module. */
  from: string;
  lastError?: string;
}

/**
 * The rows: the configured plugins in start order, then the built-ins that are off.
 *
 * @example
 * ```ts ignore
 * const rows = pluginTable(config, BUILTIN_PLUGINS, status.plugins);
 * ```
 */
export function pluginTable(
  config: WeftConfig,
  builtins: Readonly<Record<string, BuiltinPlugin>>,
  running: readonly PluginInfo[] | undefined,
): PluginRow[] {
  const live = new Map((running ?? []).map((p) => [p.name, p]));
  const from = (p: PluginConfig) =>
    builtins[p.name]?.from === p.from ? "built-in" : p.from.replace(/^file:\/\//, "");
  const row = (p: PluginConfig, on: boolean, off: string): PluginRow => {
    const now = live.get(p.name);
    return {
      name: p.name,
      on,
      start: p.lazy ? "lazy" : "eager",
      state: now?.state ?? (on ? (running ? "not running" : "configured") : off),
      grant: now?.grant ?? (p.grant === "asked" ? ["asked"] : p.grant),
      from: from(p),
      ...(now?.lastError ? { lastError: now.lastError.message } : {}),
    };
  };
  const rows = config.plugins.map((p) => row(p, true, "off"));
  for (const p of config.dormant ?? []) rows.push(row(p, false, "dormant"));
  const listed = new Set(rows.map((r) => r.name));
  for (const [name, b] of Object.entries(builtins)) {
    if (listed.has(name)) continue;
    rows.push(row({ name, from: b.from, grant: b.grant, options: {} }, false, "off"));
  }
  return rows;
}
