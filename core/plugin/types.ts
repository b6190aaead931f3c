/**
 * What the plugin host reports about its plugins.
 *
 * @module
 */

import type { ErrorBody } from "../../protocols/bus/errors.ts";
import type { Capability } from "../../protocols/bus/capabilities.ts";
import type { LogLevel } from "../../protocols/plugin/mod.ts";

/**
 * Where a plugin is in its life: `idle` (configured to start at its first use: its commands
 * are on the bus from its remembered manifest, and the first call waits for it), `starting`
 * (first load), `running`, `crashed` (waiting out the back-off), `restarting` (loading again),
 * `stopped` (by the host), `failed` (a load error that a restart cannot fix: wrong name,
 * refused command names, bad manifest).
 */
export type PluginState =
  | "idle"
  | "starting"
  | "running"
  | "crashed"
  | "restarting"
  | "stopped"
  | "failed";

/** One plugin as `PluginHost.status()` shows it. */
export interface PluginStatus {
  name: string;
  /** The module it was loaded from. */
  from: string;
  /** As the plugin declares it, once it has loaded. */
  version?: string;
  state: PluginState;
  /** The effective grant: what it asked for ∩ what the project allows. */
  grant: Capability[];
  /** The commands it declares (on the bus only while `running`). */
  commands: string[];
  /** How many times it was restarted. */
  restarts: number;
  /** Why it last crashed or failed to start. */
  lastError?: ErrorBody;
}

/** One log line from a plugin or from the host about a plugin. */
export interface PluginLogEntry {
  plugin: string;
  level: LogLevel;
  message: string;
}
