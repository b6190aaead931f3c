import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { WindowOut } from "../../protocols/bus/record_schemas.ts";

/** `window.rename`: give a window a unique name, or clear it. */
export function windowRename(deps: CoreDeps) {
  return defineCommand({
    name: "window.rename",
    title: "Rename window",
    description: "Give a window a unique name (or null to clear it).",
    capabilities: ["pane:control"],
    output: WindowOut,
    targets: [{ kind: "window", field: "window", fallback: "caller" }],
    input: z.object({
      window: z.string().optional().describe("Window id or name. Default: the caller's window."),
      name: z.string().min(1).max(64).nullable(),
    }),
    handler: ({ input, targets: { window } }) => {
      deps.model.rename("window", window.id, input.name);
      return deps.model.windowInfo(window.id);
    },
  });
}
