import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { PluginStartedOut } from "../../protocols/bus/record_schemas.ts";

/** `server.plugin_start`: start a built-in plugin that is off, in the running server. */
export function serverPluginStart(deps: CoreDeps) {
  return defineCommand({
    name: "server.plugin_start",
    title: "Start a plugin",
    description:
      "Start a built-in plugin that is off by default (e.g. web) in the running server, with " +
      "the grant and options it would have if the project enabled it. A plugin the project " +
      "switched off itself stays off. Returns its state; starting a running one does nothing.",
    capabilities: ["session:admin"],
    output: PluginStartedOut,
    mcp: { expose: false },
    input: z.object({ name: z.string().min(1).describe("The built-in plugin's name.") }),
    handler: async ({ input }) => await deps.server.startPlugin(input.name),
  });
}
