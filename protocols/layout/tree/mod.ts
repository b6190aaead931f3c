/**
 * The per-window layout tree: pure functions over a pane leaf or a split whose children's
 * ratios sum to 1. The server owns the tree; clients only render what {@link layoutRects} and
 * {@link borders} compute from it.
 *
 * @example
 * ```ts
 * import { layoutRects, leaf, removePane, splitPane } from "./mod.ts";
 * let tree = leaf("p1");
 * tree = splitPane(tree, "p1", "p2", { direction: "horizontal" });
 * tree = splitPane(tree, "p2", "p3", { direction: "vertical", ratio: 0.3 });
 * console.assert(layoutRects(tree, { cols: 80, rows: 24 }).size === 3);
 * console.assert(removePane(tree, "p3")?.type === "split");
 * ```
 *
 * @module
 */

export type {
  Direction,
  LayoutChild,
  LayoutNode,
  PaneNode,
  Rect,
  Side,
  Size,
  SplitNode,
} from "./types.ts";
export { MIN_RATIO } from "./types.ts";
export { leaf } from "./leaf.ts";
export { panesOf } from "./panes_of.ts";
export { findPane } from "./find_pane.ts";
export { splitPane } from "./split_pane.ts";
export type { SplitOptions } from "./split_pane.ts";
export { removePane } from "./remove_pane.ts";
export { resizePane, resizePaneCells } from "./resize_pane.ts";
export type { ResizeCellsOptions, ResizeOptions } from "./resize_pane.ts";
export { setRatio } from "./set_ratio.ts";
export { rebalance } from "./rebalance.ts";
export { swapPanes } from "./swap_panes.ts";
export { normalise } from "./normalise.ts";
export { layoutRects } from "./layout_rects.ts";
export { borders } from "./borders.ts";
export type { Border } from "./borders.ts";
export { neighbour } from "./neighbour.ts";
export { parseLayout, parseLayoutValue, serializeLayout } from "./serialize_layout.ts";
