import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { KilledOut } from "../../protocols/bus/record_schemas.ts";

/** `session.kill`: end a session, its windows and their processes. */
export function sessionKill(deps: CoreDeps) {
  return defineCommand({
    name: "session.kill",
    title: "Kill session",
    description: "Kill a session: every pane in it is closed and its process ended.",
    capabilities: ["session:admin", "pane:control"],
    output: KilledOut,
    targets: [{ kind: "session", field: "session", fallback: "required" }],
    input: z.object({ session: z.string().describe("Session id or name.") }),
    handler: ({ targets: { session } }) => {
      deps.model.killSession(session.id);
      return { killed: session.id };
    },
  });
}
