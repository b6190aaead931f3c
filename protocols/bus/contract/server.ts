/**
 * The contracts of the `server.` commands, about the server itself:
 * everything about each command but its handler (`core/commands/`) and its result's schema
 * (`../core_outputs.ts`).
 *
 * @module
 */

import { z } from "zod";
import { defineContract } from "./define.ts";

/** The server itself, by command name. */
export const SERVER_CONTRACTS = {
  "server.status": defineContract({
    name: "server.status",
    title: "Server status",
    description: "The server's pid, socket, project, uptime, counts, current focus, plugins, " +
      "and what tracking the panes' foreground processes cost (looks, lookMs).",
    capabilities: [],
    mcp: { readOnly: true },
    input: z.object({}),
  }),
  "server.stop": defineContract({
    name: "server.stop",
    title: "Stop server",
    description:
      "Stop the weft server: every pane's processes are ended (SIGHUP, SIGTERM, then SIGKILL " +
      "after the grace period). Clients are disconnected once they are gone.",
    capabilities: ["session:admin"],
    mcp: { expose: false },
    input: z.object({}),
  }),
  "server.plugin_start": defineContract({
    name: "server.plugin_start",
    title: "Start a plugin",
    description:
      "Start a built-in plugin that is off by default (e.g. web) in the running server, with " +
      "the grant and options it would have if the project enabled it. A plugin the project " +
      "switched off itself stays off. Returns its state; starting a running one does nothing.",
    capabilities: ["session:admin"],
    mcp: { expose: false },
    input: z.object({ name: z.string().min(1).describe("The built-in plugin's name.") }),
  }),
  "server.plugin_reload": defineContract({
    name: "server.plugin_reload",
    title: "Reload a plugin",
    description: "Read the project's config again and bring one plugin in line with it in the " +
      "running server: a running plugin is stopped and started afresh (its module read again, " +
      "its grant and options as the config now says); one the config added is started; one it " +
      'removed or switched off is stopped (state "removed"). Other plugins are left alone. ' +
      "With refresh, a URL or npm: plugin's code is fetched again first (its lock entry " +
      "replaced) instead of run from Deno's cache; a failed fetch leaves the plugin running.",
    capabilities: ["session:admin"],
    mcp: { expose: false },
    input: z.object({
      name: z.string().min(1).describe("The plugin's name."),
      refresh: z.boolean().optional().describe(
        "Fetch a URL or npm: plugin's code again instead of using the cached copy.",
      ),
    }),
  }),
  "server.allow": defineContract({
    name: "server.allow",
    title: "Allow held panes",
    description: "Start the programs of panes that were restored from a store this user's weft " +
      "did not record on this machine (e.g. a .weft/ that came with a cloned project): they " +
      "come back held, each labelled with exactly what it would run (weft saved, the server's " +
      "log). With no panes, every held pane. Returns the panes started and those still held.",
    capabilities: ["session:admin"],
    mcp: { expose: false },
    input: z.object({
      panes: z.array(z.string().min(1)).optional().describe("Held pane ids; default: all."),
    }),
  }),
  "server.commands": defineContract({
    name: "server.commands",
    title: "List commands",
    description:
      "Every command on the bus, the core's and plugins', with title, description, input and " +
      "output JSON Schema, required capabilities and owner.",
    capabilities: [],
    mcp: { expose: false },
    input: z.object({
      name: z.string().optional().describe("Only this command."),
      tagged: z.boolean().optional().describe(
        "Only the commands that declare a sideband tag (what the sideband learns; cheap: the " +
          "others' JSON Schemas are not built).",
      ),
    }),
  }),
};
