import { type Border, walkRects } from "./_geometry.ts";
import type { LayoutNode, Size } from "./types.ts";

export type { Border } from "./_geometry.ts";

/**
 * The border segments between siblings for a window of `size`, parents before children. A
 * segment of a `"horizontal"` split is a vertical line one column wide; one of a `"vertical"`
 * split is a horizontal line one row high. Segments never overlap each other or a pane rect
 * from {@link layoutRects}; where they meet (a TUI draws `┤`, `┬`, `┼`) is left to the drawer.
 *
 * @example
 * ```ts
 * import { leaf } from "./leaf.ts";
 * import { splitPane } from "./split_pane.ts";
 * import { borders } from "./borders.ts";
 * const tree = splitPane(leaf("p1"), "p1", "p2", { direction: "horizontal" });
 * const [line] = borders(tree, { cols: 81, rows: 24 });
 * console.assert(line!.x === 40 && line!.cols === 1 && line!.rows === 24);
 * ```
 */
export function borders(tree: LayoutNode, size: Size): Border[] {
  const out: Border[] = [];
  walkRects(tree, size, (_node, _rect, lines) => out.push(...lines));
  return out;
}
