import { z } from "zod";
import { defineCommand, WeftError } from "@weft/weft/plugin";
import {
  type Direction,
  findPane,
  type LayoutNode,
  resizePane,
  resizePaneCells,
  setRatio,
} from "../../../protocols/layout/tree/mod.ts";
import { changeLayout, windowOf } from "../_window.ts";

/** The direction of the split right above `pane`, if any. */
function parentDirection(tree: LayoutNode, pane: string): Direction | undefined {
  const path = findPane(tree, pane) ?? [];
  let node = tree;
  let direction: Direction | undefined;
  for (const i of path) {
    if (node.type !== "split") break;
    direction = node.direction;
    node = node.children[i]!.node;
  }
  return direction;
}

/** `layout.resize`: change a pane's share by a delta, to a ratio, or by cells. */
export const resize = defineCommand({
  name: "layout.resize",
  title: "Resize a pane",
  description:
    "Resize a pane inside its window's layout; give exactly one of `delta` (a change of its " +
    "share, e.g. 0.1 grows it by a tenth of the split, -0.1 shrinks it), `ratio` (its new " +
    "share, 0-1) or `cells` (a change in columns or rows, e.g. 5 or -3). `direction` " +
    "horizontal changes its width, vertical its height (default: the direction of the split " +
    "it sits in). Neighbours give or take the space; no pane shrinks below one cell. Returns " +
    "the new layout.",
  capabilities: ["layout:write", "pane:read"],
  mcp: { name: "resize_pane" },
  targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
  input: z.object({
    pane: z.string().optional().describe("Pane id or name. Default: the caller's pane."),
    direction: z.enum(["horizontal", "vertical"]).optional(),
    delta: z.number().gt(-1).lt(1).optional().describe("Change of the pane's share (-1..1)."),
    ratio: z.number().gt(0).lt(1).optional().describe("The pane's new share (0..1)."),
    cells: z.number().int().min(-2000).max(2000).optional().describe("Change in cells."),
  }),
  handler: async ({ input, targets: { pane }, call }) => {
    const given = [input.delta, input.ratio, input.cells].filter((v) => v !== undefined);
    if (given.length !== 1) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot resize pane "${pane}": give exactly one of delta, ratio or cells`,
      );
    }
    return await changeLayout(call, await windowOf(call, pane), (w) => {
      const direction = input.direction ?? parentDirection(w.layout, pane);
      if (!direction) {
        throw new WeftError(
          "INVALID_INPUT",
          `Cannot resize pane "${pane}": it fills its window alone`,
        );
      }
      if (input.delta !== undefined) {
        return resizePane(w.layout, pane, { direction, delta: input.delta });
      }
      if (input.ratio !== undefined) return setRatio(w.layout, pane, direction, input.ratio);
      return resizePaneCells(w.layout, pane, w, { direction, cells: input.cells! });
    });
  },
});
