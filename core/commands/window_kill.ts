import { z } from "zod";
import { defineCommand } from "../bus/mod.ts";
import type { CoreDeps } from "./deps.ts";

/** `window.kill`: close a window and its panes. */
export function windowKill(deps: CoreDeps) {
  return defineCommand({
    name: "window.kill",
    title: "Kill window",
    description: "Close a window: its panes are closed and their processes ended.",
    capabilities: ["pane:control"],
    target: { kind: "window", field: "window", fallback: "required" },
    input: z.object({ window: z.string().describe("Window id or name.") }),
    handler: ({ target }) => {
      deps.model.killWindow(target!);
      return { killed: target! };
    },
  });
}
