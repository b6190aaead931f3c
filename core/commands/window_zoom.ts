import { z } from "zod";
import { defineCommand } from "../bus/mod.ts";
import type { CoreDeps } from "./deps.ts";
import { describeLayout } from "./window_layout.ts";

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
    target: { kind: "pane", field: "pane", fallback: "caller" },
    input: z.object({
      pane: z.string().optional().describe("Pane id or name. Default: the caller's pane."),
      zoomed: z.boolean().describe("true: the pane fills the window; false: back to the layout."),
    }),
    handler: ({ input, target }) => {
      const model = deps.model;
      const window = model.window(model.pane(target!).window);
      if (input.zoomed) {
        model.focus(target!);
        window.zoomed = target!;
      } else if (window.zoomed) window.zoomed = null;
      model.relayout(window.id);
      return describeLayout(deps, window.id);
    },
  });
}
