import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { KilledOut } from "../../protocols/bus/record_schemas.ts";

/** `window.kill`: close a window and its panes. */
export function windowKill(deps: CoreDeps) {
  return defineCommand({
    name: "window.kill",
    title: "Kill window",
    description: "Close a window: its panes are closed and their processes ended.",
    capabilities: ["pane:control"],
    output: KilledOut,
    targets: [{ kind: "window", field: "window", fallback: "required" }],
    input: z.object({ window: z.string().describe("Window id or name.") }),
    handler: ({ targets: { window } }) => {
      deps.model.killWindow(window.id);
      return { killed: window.id };
    },
  });
}
