import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { StoppingOut } from "../../protocols/bus/record_schemas.ts";

/** `server.stop`: shut the server down. */
export function serverStop(deps: CoreDeps) {
  return defineCommand({
    name: "server.stop",
    title: "Stop server",
    description:
      "Stop the weft server: every pane's processes are ended (SIGHUP, SIGTERM, then SIGKILL " +
      "after the grace period). Clients are disconnected once they are gone.",
    capabilities: ["session:admin"],
    output: StoppingOut,
    mcp: { expose: false },
    input: z.object({}),
    handler: () => {
      deps.server.stop();
      // How long the panes' processes may take to end (a client waiting for the end uses it).
      return { stopping: true, graceMs: deps.config.killGraceMs };
    },
  });
}
