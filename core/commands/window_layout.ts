import { z } from "zod";
import { defineCommand } from "./_define.ts";
import { layoutRects } from "../../protocols/layout/tree/mod.ts";
import type { WindowRecord } from "../model/mod.ts";
import type { CoreDeps } from "./deps.ts";
import { LayoutOut } from "../../protocols/bus/record_schemas.ts";

/** The layout of a window as commands return it: tree, size and every pane's rectangle. */
export function describeLayout(window: WindowRecord) {
  const rects = window.layout ? layoutRects(window.layout, window.size) : new Map();
  return {
    window: window.id,
    cols: window.size.cols,
    rows: window.size.rows,
    focused: window.focused,
    zoomed: window.zoomed,
    layout: window.layout,
    panes: [...rects].map(([pane, rect]) => ({ pane, ...rect })),
  };
}

/** `window.layout`: the layout tree with ratios and cell rectangles. */
export function windowLayout(_deps: CoreDeps) {
  return defineCommand({
    name: "window.layout",
    title: "Get layout",
    description:
      "Get a window's layout: the split tree (directions and ratios) and each pane's cell " +
      "rectangle (x, y, cols, rows) for the window's size. One-cell borders sit between panes.",
    capabilities: ["pane:read"],
    output: LayoutOut,
    mcp: { readOnly: true, name: "get_layout" },
    targets: [{ kind: "window", field: "window", fallback: "caller" }],
    input: z.object({
      window: z.string().optional().describe("Window id or name. Default: the caller's window."),
    }),
    handler: ({ targets: { window } }) => describeLayout(window),
  });
}
