import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { SessionListOut } from "../../protocols/bus/record_schemas.ts";

/** `session.list`: every session. */
export function sessionList(deps: CoreDeps) {
  return defineCommand({
    name: "session.list",
    title: "List sessions",
    description: "List every session with its windows and which one is current.",
    capabilities: ["pane:read"],
    output: SessionListOut,
    mcp: { readOnly: true },
    input: z.object({}),
    handler: () => ({
      sessions: [...deps.model.sessions.keys()].map((id) => deps.model.sessionInfo(id)),
    }),
  });
}
