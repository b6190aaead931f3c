import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { CreatedOut } from "../../protocols/bus/record_schemas.ts";
import { launchFields, toLaunch } from "./_launch.ts";

/** `session.create`: a new session with one window and one pane. */
export function sessionCreate(deps: CoreDeps) {
  return defineCommand({
    name: "session.create",
    title: "Create session",
    description:
      "Create a new session holding one window with one pane (a shell unless command/argv is " +
      "given). Returns the session, window and pane ids.",
    capabilities: ["session:admin", "pane:spawn"],
    output: CreatedOut,
    input: z.object({
      session: z.string().min(1).max(64).optional().describe("A unique name for the session."),
      window: z.string().min(1).max(64).optional().describe("A name for its first window."),
      ...launchFields,
      name: launchFields.name.describe(
        "A unique name for the session's first pane (the session's own name is `session`).",
      ),
    }),
    handler: ({ input, caller }) => {
      const { session: sessionName, window: windowName, ...launch } = input;
      const { session, window, pane } = deps.model.createSession(toLaunch(launch, deps, caller), {
        ...(sessionName ? { session: sessionName } : {}),
        ...(windowName ? { window: windowName } : {}),
      });
      return { session: session.id, window: window.id, pane: pane.id };
    },
  });
}
