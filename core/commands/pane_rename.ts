import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { PaneOut } from "../../protocols/bus/record_schemas.ts";

/** `pane.rename`: give a pane a unique name, or clear it. */
export function paneRename(deps: CoreDeps) {
  return defineCommand({
    name: "pane.rename",
    title: "Rename pane",
    description: "Give a pane a unique name (or null to clear it). Names work wherever ids do.",
    capabilities: ["pane:control"],
    output: PaneOut,
    targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
    input: z.object({
      pane: z.string().optional().describe("Pane id or name. Default: the caller's pane."),
      name: z.string().min(1).max(64).nullable(),
    }),
    handler: ({ input, targets: { pane } }) => {
      deps.model.rename("pane", pane.id, input.name);
      return deps.model.paneInfo(pane.id);
    },
  });
}
