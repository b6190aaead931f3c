import type { LayoutNode } from "./types.ts";

/**
 * The tree with every split's children given equal shares, at every depth.
 *
 * @example
 * ```ts
 * import { leaf } from "./leaf.ts";
 * import { splitPane } from "./split_pane.ts";
 * import { rebalance } from "./rebalance.ts";
 * const tree = splitPane(leaf("p1"), "p1", "p2", { direction: "horizontal", ratio: 0.2 });
 * const even = rebalance(tree);
 * console.assert(even.type === "split" && even.children.every((c) => c.ratio === 0.5));
 * ```
 */
export function rebalance(tree: LayoutNode): LayoutNode {
  if (tree.type === "pane") return tree;
  const share = 1 / tree.children.length;
  return {
    ...tree,
    children: tree.children.map((c) => ({ ratio: share, node: rebalance(c.node) })),
  };
}
