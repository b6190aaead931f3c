import { requirePath } from "./_tree.ts";
import { layoutRects } from "./layout_rects.ts";
import type { LayoutNode, Rect, Side, Size } from "./types.ts";

/**
 * The pane across the border on `side` of `pane` for a window of `size`, for moving focus with
 * the arrow keys; `undefined` at the window's edge (there is no wrapping). When several panes
 * touch that side, the one sharing the most rows (or columns) wins, then the topmost (or
 * leftmost). Panes squeezed to nothing in a too-small window are never chosen.
 *
 * Throws a `WeftError` `NOT_FOUND` when `pane` is not in the tree.
 *
 * @example
 * ```ts
 * import { leaf } from "./leaf.ts";
 * import { splitPane } from "./split_pane.ts";
 * import { neighbour } from "./neighbour.ts";
 * const tree = splitPane(leaf("p1"), "p1", "p2", { direction: "horizontal" });
 * const size = { cols: 80, rows: 24 };
 * console.assert(neighbour(tree, size, "p1", "right") === "p2");
 * console.assert(neighbour(tree, size, "p1", "left") === undefined);
 * ```
 */
export function neighbour(
  tree: LayoutNode,
  size: Size,
  pane: string,
  side: Side,
): string | undefined {
  requirePath(tree, pane, "move focus from");
  const rects = layoutRects(tree, size);
  const from = rects.get(pane)!;
  let best: { pane: string; overlap: number; start: number } | undefined;
  for (const [id, rect] of rects) {
    if (id === pane || rect.cols === 0 || rect.rows === 0) continue;
    if (!touches(from, rect, side)) continue;
    const across = side === "left" || side === "right";
    const overlap = across
      ? span(from.y, from.rows, rect.y, rect.rows)
      : span(from.x, from.cols, rect.x, rect.cols);
    const start = across ? rect.y : rect.x;
    if (overlap <= 0) continue;
    if (!best || overlap > best.overlap || (overlap === best.overlap && start < best.start)) {
      best = { pane: id, overlap, start };
    }
  }
  return best?.pane;
}

function touches(from: Rect, to: Rect, side: Side): boolean {
  switch (side) {
    case "right":
      return to.x === from.x + from.cols + 1;
    case "left":
      return to.x + to.cols + 1 === from.x;
    case "down":
      return to.y === from.y + from.rows + 1;
    case "up":
      return to.y + to.rows + 1 === from.y;
  }
}

function span(a: number, aLen: number, b: number, bLen: number): number {
  return Math.min(a + aLen, b + bLen) - Math.max(a, b);
}
