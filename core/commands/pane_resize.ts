import { implement } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { resizePaneCells } from "../../protocols/layout/tree/mod.ts";
import type { CoreDeps } from "./deps.ts";
import { describeLayout } from "./window_layout.ts";

/** `pane.resize`: grow or shrink a pane inside its window's layout. */
export function paneResize(deps: CoreDeps) {
  return implement("pane.resize", ({ input, targets: { pane } }) => {
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
  });
}
