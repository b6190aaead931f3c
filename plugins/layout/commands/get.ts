import { z } from "zod";
import { defineCommand, type PaneInfo } from "@weft/weft/plugin";
import type { LayoutNode, Rect } from "../../../protocols/layout/tree/mod.ts";
import { getLayout } from "../_window.ts";

/** A layout node with its cell rectangle and, for panes, what runs there. */
export type DescribedNode =
  & Rect
  & (
    | { type: "pane"; pane: string; name: string | null; command: string }
    | { type: "split"; direction: string; children: { ratio: number; node: DescribedNode }[] }
  );

function describe(
  node: LayoutNode,
  rects: Map<string, Rect>,
  infos: Map<string, PaneInfo>,
): DescribedNode {
  if (node.type === "pane") {
    const info = infos.get(node.pane);
    const rect = rects.get(node.pane) ?? { x: 0, y: 0, cols: 0, rows: 0 };
    return {
      type: "pane",
      pane: node.pane,
      name: info?.name ?? null,
      command: info?.command ?? "",
      ...rect,
    };
  }
  const children = node.children.map((c) => ({
    ratio: c.ratio,
    node: describe(c.node, rects, infos),
  }));
  // A split's rectangle is the box around its children (borders lie between them).
  const nodes = children.map((c) => c.node);
  const x = Math.min(...nodes.map((n) => n.x));
  const y = Math.min(...nodes.map((n) => n.y));
  const cols = Math.max(...nodes.map((n) => n.x + n.cols)) - x;
  const rows = Math.max(...nodes.map((n) => n.y + n.rows)) - y;
  return { type: "split", direction: node.direction, children, x, y, cols, rows };
}

/** `layout.get`: the tree with ids, names, commands, ratios and cell rectangles. */
export const get = defineCommand({
  name: "layout.get",
  title: "Get the layout tree",
  description:
    "Describe a window's layout as a tree: each split with its direction (horizontal: side " +
    "by side; vertical: stacked) and children with their ratios, each pane with its id, name " +
    "and command, and every node with its cell rectangle (x, y, cols, rows; one-cell borders " +
    "sit between siblings). Also the window's size, focused pane and zoomed pane.",
  capabilities: ["pane:read"],
  mcp: { name: "get_layout_tree", readOnly: true },
  targets: [{ kind: "window", field: "window", fallback: "caller" }],
  input: z.object({
    window: z.string().optional().describe("Window id or name. Default: the caller's window."),
  }),
  handler: async ({ targets: { window }, call }) => {
    const w = await getLayout(call, window);
    const { panes } = await call("pane.list", { window });
    const rects = new Map(w.panes.map(({ pane, ...rect }) => [pane, rect]));
    const infos = new Map(panes.map((p) => [p.id, p]));
    return {
      window: w.window,
      cols: w.cols,
      rows: w.rows,
      focused: w.focused,
      zoomed: w.zoomed,
      layout: describe(w.layout, rects, infos),
    };
  },
});
