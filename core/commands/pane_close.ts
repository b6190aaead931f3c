import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { ClosedOut } from "../../protocols/bus/record_schemas.ts";

/** `pane.close`: end a pane's process and remove the pane. */
export function paneClose(deps: CoreDeps) {
  return defineCommand({
    name: "pane.close",
    title: "Close pane",
    description:
      "Close a pane: its process gets SIGHUP and the pane leaves the layout (its neighbour " +
      "takes the space). The last pane closes its window; the last window its session.",
    capabilities: ["pane:control"],
    output: ClosedOut,
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    input: z.object({ pane: z.string().describe("Pane id or name.") }),
    handler: ({ targets: { pane } }) => {
      deps.model.closePane(pane.id);
      return { closed: pane.id };
    },
  });
}
