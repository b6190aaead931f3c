import { assertDirection, nearestSplit, replaceAt, requirePath, rescale } from "./_tree.ts";
import { type Direction, type LayoutNode, MIN_RATIO } from "./types.ts";

/**
 * Gives the part of the tree holding `pane` the share `ratio` of its nearest split in
 * `direction`; its siblings share the rest in proportion to their ratios. The ratio is clamped
 * so every sibling can keep {@link MIN_RATIO}. Returns the same tree object when no ancestor
 * splits in `direction`.
 *
 * Throws a `WeftError` `NOT_FOUND` when `pane` is not in the tree, a `RangeError` when `ratio`
 * is not strictly between 0 and 1.
 *
 * @example
 * ```ts
 * import { leaf } from "./leaf.ts";
 * import { splitPane } from "./split_pane.ts";
 * import { setRatio } from "./set_ratio.ts";
 * const tree = splitPane(leaf("p1"), "p1", "p2", { direction: "vertical" });
 * const set = setRatio(tree, "p2", "vertical", 0.25);
 * console.assert(set.type === "split" && set.children[1]!.ratio === 0.25);
 * ```
 */
export function setRatio(
  tree: LayoutNode,
  pane: string,
  direction: Direction,
  ratio: number,
): LayoutNode {
  assertDirection(direction);
  if (!(ratio > 0 && ratio < 1)) {
    throw new RangeError(`Cannot set the ratio of pane "${pane}": ${ratio} is not between 0 and 1`);
  }
  const path = requirePath(tree, pane, "set the ratio of");
  const at = nearestSplit(tree, path, direction);
  if (!at) return tree;
  const n = at.split.children.length;
  const share = Math.min(Math.max(ratio, MIN_RATIO), 1 - MIN_RATIO * (n - 1));
  const rest = at.split.children.reduce((s, c, i) => i === at.index ? s : s + c.ratio, 0);
  const children = rescale(at.split.children.map((c, i) => ({
    ratio: i === at.index ? share : (c.ratio / rest) * (1 - share),
    node: c.node,
  })));
  return replaceAt(tree, at.splitPath, () => ({ ...at.split, children }));
}
