import { z } from "zod";
import { defineCommand } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { resizePaneCells } from "../../protocols/layout/tree/mod.ts";
import type { CoreDeps } from "./deps.ts";
import { describeLayout } from "./window_layout.ts";
import { LayoutOut } from "../../protocols/bus/record_schemas.ts";

/** `pane.resize`: grow or shrink a pane inside its window's layout. */
export function paneResize(deps: CoreDeps) {
  return defineCommand({
    name: "pane.resize",
    title: "Resize pane",
    description: "Resize a pane within its window: to `cols`/`rows` cells, or by `dx`/`dy` cells " +
      "(negative shrinks). Neighbours give or take the space. Returns the new layout.",
    capabilities: ["layout:write"],
    output: LayoutOut,
    // `resize_pane` is the layout plugin's (delta, ratio or cells), as the layout issue names it.
    mcp: { name: "set_pane_size" },
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    input: z.object({
      pane: z.string().describe("Pane id or name."),
      cols: z.number().int().min(1).optional(),
      rows: z.number().int().min(1).optional(),
      dx: z.number().int().optional(),
      dy: z.number().int().optional(),
    }),
    handler: ({ input, targets: { pane } }) => {
      const model = deps.model;
      const window = model.window(pane.window);
      const dx = input.dx ?? (input.cols !== undefined ? input.cols - pane.launch.cols : 0);
      const dy = input.dy ?? (input.rows !== undefined ? input.rows - pane.launch.rows : 0);
      if (!dx && !dy && input.cols === undefined && input.rows === undefined) {
        throw new WeftError(
          "INVALID_INPUT",
          `Cannot resize pane "${pane.id}": give cols, rows, dx or dy`,
        );
      }
      let tree = window.layout!;
      if (dx) {
        tree = resizePaneCells(tree, pane.id, window.size, { direction: "horizontal", cells: dx });
      }
      if (dy) {
        tree = resizePaneCells(tree, pane.id, window.size, { direction: "vertical", cells: dy });
      }
      model.setLayout(window.id, tree);
      return describeLayout(window);
    },
  });
}
