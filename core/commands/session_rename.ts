import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { SessionOut } from "../../protocols/bus/record_schemas.ts";

/** `session.rename`: give a session a unique name, or clear it. */
export function sessionRename(deps: CoreDeps) {
  return defineCommand({
    name: "session.rename",
    title: "Rename session",
    description: "Give a session a unique name (or null to clear it). Names work wherever ids do.",
    capabilities: ["session:admin"],
    output: SessionOut,
    targets: [{ kind: "session", field: "session", fallback: "caller" }],
    input: z.object({
      session: z.string().optional().describe("Session id or name. Default: the caller's session."),
      name: z.string().min(1).max(64).nullable(),
    }),
    handler: ({ input, targets: { session } }) => {
      deps.model.rename("session", session.id, input.name);
      return deps.model.sessionInfo(session.id);
    },
  });
}
