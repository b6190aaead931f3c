import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { CreatedOut } from "../../protocols/bus/record_schemas.ts";
import { launchFields, toLaunch } from "./_launch.ts";

/** `window.create`: a new window with one pane in a session. */
export function windowCreate(deps: CoreDeps) {
  return defineCommand({
    name: "window.create",
    title: "Create window",
    description:
      "Create a window in a session (default: the caller's or current one) holding one pane, " +
      "and make it current. Returns the window and pane ids.",
    capabilities: ["pane:spawn"],
    targets: [{ kind: "session", field: "session", fallback: "caller" }],
    output: CreatedOut,
    input: z.object({
      session: z.string().optional().describe("Session id or name. Default: the caller's session."),
      window: z.string().min(1).max(64).optional().describe("A unique name for the window."),
      ...launchFields,
      name: launchFields.name.describe(
        "A unique name for the window's first pane (the window's own name is `window`).",
      ),
    }),
    handler: ({ input, targets: { session }, caller }) => {
      const { session: _s, window: windowName, ...launch } = input;
      const { window, pane } = deps.model.createWindow(
        session.id,
        toLaunch(launch, deps, caller),
        windowName,
      );
      return { session: session.id, window: window.id, pane: pane.id };
    },
  });
}
