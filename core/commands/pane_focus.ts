import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { PaneOut } from "../../protocols/bus/record_schemas.ts";

/** `pane.focus`: make a pane the focused one. */
export function paneFocus(deps: CoreDeps) {
  return defineCommand({
    name: "pane.focus",
    title: "Focus pane",
    description: "Focus a pane; its window and session become current (attached clients follow).",
    capabilities: ["pane:control"],
    output: PaneOut,
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    input: z.object({ pane: z.string().describe("Pane id or name.") }),
    handler: ({ targets: { pane } }) => {
      deps.model.focus(pane.id);
      return deps.model.paneInfo(pane.id);
    },
  });
}
