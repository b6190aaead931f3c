import { walkRects } from "./_geometry.ts";
import type { LayoutNode, Rect, Size } from "./types.ts";

/**
 * The cell rectangle of every pane for a window of `size`. Siblings are separated by one border
 * cell (see {@link borders}); there is no outer border, so pane rects plus borders cover the
 * window exactly, with no gap and no overlap.
 *
 * Boundaries come from cumulative ratios, so rounding never loses or adds a cell, then each pane
 * is given at least 1×1 whenever the window is big enough for that. When it is not, leading
 * panes are kept and the others get a rect with 0 columns or 0 rows (every pane is always in
 * the map). Throws a `RangeError` when a size is not an integer >= 0.
 *
 * @example
 * ```ts
 * import { leaf } from "./leaf.ts";
 * import { splitPane } from "./split_pane.ts";
 * import { layoutRects } from "./layout_rects.ts";
 * const tree = splitPane(leaf("p1"), "p1", "p2", { direction: "horizontal" });
 * const rects = layoutRects(tree, { cols: 81, rows: 24 });
 * console.assert(rects.get("p1")!.cols === 40 && rects.get("p2")!.x === 41);
 * ```
 */
export function layoutRects(tree: LayoutNode, size: Size): Map<string, Rect> {
  const rects = new Map<string, Rect>();
  walkRects(tree, size, (node, rect) => {
    if (node.type === "pane") rects.set(node.pane, rect);
  });
  return rects;
}
