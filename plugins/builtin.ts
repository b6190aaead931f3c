/**
 * The built-in plugins: where each module is, whether it is on when a project does not mention
 * it, and what it is granted unless the project's `deno.json` says otherwise. The composition
 * root hands this table to the config loader; the core itself knows no plugin.
 *
 * @module
 */

import { BUS_CAPABILITIES } from "../protocols/bus/capabilities.ts";
import type { BuiltinPlugin } from "../core/config/mod.ts";

/** Built-in plugins (folders under `plugins/`) and their defaults. */
export const BUILTIN_PLUGINS: Readonly<Record<string, BuiltinPlugin>> = {
  // On by default: it arranges panes, starts the panes a layout names, closes them again when
  // a layout fails half-way, and may create the session a layout file names.
  layout: {
    from: new URL("./layout/mod.ts", import.meta.url).href,
    enabled: true,
    grant: ["layout:write", "pane:spawn", "pane:read", "pane:control", "session:admin"],
    options: {},
  },
  // On by default: agents drive weft with no configuration by writing tags in their output.
  // It reads agent panes, spawns/types/controls panes as the pane that wrote the tag (within
  // its limits) and writes a query's answer back to a program that asked in the OSC form.
  sideband: {
    from: new URL("./sideband/mod.ts", import.meta.url).href,
    enabled: true,
    grant: ["pane:read", "pane:write", "pane:spawn", "pane:control", "layout:write"],
    options: {},
  },
  // Off until the project enables it; then it may forward every bus right to its MCP
  // clients (read-only mode narrows that), listen on loopback and keep its token in .weft/.
  mcp: {
    from: new URL("./mcp/mod.ts", import.meta.url).href,
    enabled: false,
    grant: [...BUS_CAPABILITIES, "net:127.0.0.1", "read:.weft", "write:.weft"],
    options: {},
  },
};
