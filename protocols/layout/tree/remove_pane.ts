import { makeSplit, nodeAt, replaceAt, requirePath } from "./_tree.ts";
import type { LayoutNode } from "./types.ts";

/**
 * The tree without `pane`; its siblings share its space in proportion to their ratios. A split
 * left with one child is replaced by that child (and merged into its parent when they split the
 * same way). Returns `null` when `pane` was the last one.
 *
 * Throws a `WeftError` `NOT_FOUND` when `pane` is not in the tree.
 *
 * @example
 * ```ts
 * import { leaf } from "./leaf.ts";
 * import { splitPane } from "./split_pane.ts";
 * import { removePane } from "./remove_pane.ts";
 * const tree = splitPane(leaf("p1"), "p1", "p2", { direction: "vertical" });
 * console.assert(JSON.stringify(removePane(tree, "p2")) === JSON.stringify(leaf("p1")));
 * console.assert(removePane(leaf("p1"), "p1") === null);
 * ```
 */
export function removePane(tree: LayoutNode, pane: string): LayoutNode | null {
  const path = requirePath(tree, pane, "remove");
  if (path.length === 0) return null;
  const parentPath = path.slice(0, -1);
  const index = path[path.length - 1]!;
  const parent = nodeAt(tree, parentPath);
  if (parent.type !== "split") throw new RangeError("Cannot remove pane: parent is not a split");
  const shrunk = makeSplit(parent.direction, parent.children.filter((_, i) => i !== index));
  if (parentPath.length === 0) return shrunk;
  const grandPath = parentPath.slice(0, -1);
  const at = parentPath[parentPath.length - 1]!;
  return replaceAt(tree, grandPath, (grand) => {
    if (grand.type !== "split") throw new RangeError("Cannot remove pane: grandparent is a pane");
    return makeSplit(
      grand.direction,
      grand.children.map((c, i) => i === at ? { ratio: c.ratio, node: shrunk } : c),
    );
  });
}
