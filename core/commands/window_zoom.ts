import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { describeLayout } from "./window_layout.ts";
import { LayoutOut } from "../../protocols/bus/record_schemas.ts";

/** `window.zoom`: one pane fills its window, or the window's layout comes back. */
export function windowZoom(deps: CoreDeps) {
  return defineCommand({
    name: "window.zoom",
    title: "Zoom pane",
    description:
      "Zoom a pane (zoomed: true): it is focused and fills its whole window while the other " +
      "panes keep running, hidden; the layout tree is kept. zoomed: false shows the layout " +
      "again. Focusing another pane or adding one also ends the zoom. Returns the layout.",
    capabilities: ["layout:write"],
    output: LayoutOut,
    targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
    input: z.object({
      pane: z.string().optional().describe("Pane id or name. Default: the caller's pane."),
      zoomed: z.boolean().describe("true: the pane fills the window; false: back to the layout."),
    }),
    handler: ({ input, targets: { pane } }) => {
      const model = deps.model;
      const window = model.window(pane.window);
      if (input.zoomed) {
        model.focus(pane.id);
        window.zoomed = pane.id;
      } else if (window.zoomed) window.zoomed = null;
      model.relayout(window.id);
      return describeLayout(window);
    },
  });
}
