import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { ServerStatusOut } from "../../protocols/bus/record_schemas.ts";

/** `server.status`: what the server is and holds. */
export function serverStatus(deps: CoreDeps) {
  return defineCommand({
    name: "server.status",
    title: "Server status",
    description: "The server's pid, socket, project, uptime, counts, current focus, plugins, " +
      "and what tracking the panes' foreground processes cost (looks, lookMs).",
    capabilities: [],
    output: ServerStatusOut,
    mcp: { readOnly: true },
    input: z.object({}),
    handler: () => ({
      ...deps.server.status(),
      sessions: deps.model.sessions.size,
      windows: deps.model.windows.size,
      panes: deps.model.panes.size,
      current: deps.model.current(),
      commands: deps.bus.size,
      foreground: deps.model.foregroundStats(),
      held: deps.server.held(),
    }),
  });
}
