/**
 * Defaults: data, not branches. Built-in plugins list what they are granted unless the
 * project's `deno.json` says otherwise.
 *
 * @module
 */

import type { Capability } from "../permissions.ts";

/** A built-in plugin's defaults. */
export interface BuiltinDefaults {
  /** On when the project does not mention it. */
  enabled: boolean;
  grant: Capability[];
  options: Record<string, unknown>;
}

/** Built-in plugins (folders under `plugins/`) and their defaults. */
export const BUILTIN_PLUGINS: Record<string, BuiltinDefaults> = {};

/** Defaults of the top-level settings. */
export const DEFAULTS = {
  shell: "bash",
  historyBytes: 8 * 1024 * 1024,
  idleMs: 1500,
  size: { cols: 120, rows: 40 },
  startup: { session: "main" },
} as const;
