/**
 * Defaults: data, not branches. Built-in plugins list what they are granted unless the
 * project's `deno.json` says otherwise.
 *
 * @module
 */

import { BUS_CAPABILITIES, type Capability } from "../permissions.ts";

/** A built-in plugin's defaults. */
export interface BuiltinDefaults {
  /** On when the project does not mention it. */
  enabled: boolean;
  grant: Capability[];
  options: Record<string, unknown>;
}

/** Built-in plugins (folders under `plugins/`) and their defaults. */
export const BUILTIN_PLUGINS: Record<string, BuiltinDefaults> = {
  // On by default: it arranges panes, starts the panes a layout names, closes them again when
  // a layout fails half-way, and may create the session a layout file names.
  layout: {
    enabled: true,
    grant: ["layout:write", "pane:spawn", "pane:read", "pane:control", "session:admin"],
    options: {},
  },
  // On by default: agents drive weft with no configuration by writing tags in their output.
  // It reads agent panes, spawns/types/controls panes as the pane that wrote the tag (within
  // its limits) and writes a query's answer back to a program that asked in the OSC form.
  sideband: {
    enabled: true,
    grant: ["pane:read", "pane:write", "pane:spawn", "pane:control", "layout:write"],
    options: {},
  },
  // Off until the project enables it; then it may forward every bus right to its MCP
  // clients (read-only mode narrows that), listen on loopback and keep its token in .weft/.
  mcp: {
    enabled: false,
    grant: [...BUS_CAPABILITIES, "net:127.0.0.1", "read:.weft", "write:.weft"],
    options: {},
  },
};

/** Defaults of the top-level settings. */
export const DEFAULTS = {
  shell: "bash",
  historyBytes: 8 * 1024 * 1024,
  idleMs: 1500,
  size: { cols: 120, rows: 40 },
  startup: { session: "main" },
  humanInput: { quietMs: 3000, waitMs: 1500 },
  attach: { prefix: "C-b", scrollback: 2000 },
} as const;
