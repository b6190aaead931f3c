import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { AllowedOut } from "../../protocols/bus/record_schemas.ts";

/** `server.allow`: start the programs of panes restored from a store weft did not record. */
export function serverAllow(deps: CoreDeps) {
  return defineCommand({
    name: "server.allow",
    title: "Allow held panes",
    description: "Start the programs of panes that were restored from a store this user's weft " +
      "did not record on this machine (e.g. a .weft/ that came with a cloned project): they " +
      "come back held, each labelled with exactly what it would run (weft saved, the server's " +
      "log). With no panes, every held pane. Returns the panes started and those still held.",
    capabilities: ["session:admin"],
    output: AllowedOut,
    mcp: { expose: false },
    input: z.object({
      panes: z.array(z.string().min(1)).optional().describe("Held pane ids; default: all."),
    }),
    handler: async ({ input }) => {
      const started = await deps.server.allow(input.panes ?? []);
      return { started, held: deps.server.held() };
    },
  });
}
