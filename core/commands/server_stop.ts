import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `server.stop`: shut the server down. */
export function serverStop(deps: CoreDeps) {
  return defineCommand({
    name: "server.stop",
    title: "Stop server",
    description: "Stop the weft server: every pane's process is ended. Clients are disconnected.",
    capabilities: ["session:admin"],
    mcp: { expose: false },
    input: z.object({}),
    handler: () => {
      deps.server.stop();
      return { stopping: true };
    },
  });
}
