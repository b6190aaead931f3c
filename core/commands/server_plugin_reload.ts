import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { PluginStartedOut } from "../../protocols/bus/record_schemas.ts";

/** `server.plugin_reload`: bring one plugin in line with the project's config, no restart. */
export function serverPluginReload(deps: CoreDeps) {
  return defineCommand({
    name: "server.plugin_reload",
    title: "Reload a plugin",
    description: "Read the project's config again and bring one plugin in line with it in the " +
      "running server: a running plugin is stopped and started afresh (its module read again, " +
      "its grant and options as the config now says); one the config added is started; one it " +
      'removed or switched off is stopped (state "removed"). Other plugins are left alone.',
    capabilities: ["session:admin"],
    output: PluginStartedOut,
    mcp: { expose: false },
    input: z.object({ name: z.string().min(1).describe("The plugin's name.") }),
    handler: async ({ input }) => await deps.server.reloadPlugin(input.name),
  });
}
