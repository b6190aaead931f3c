import { requirePath } from "./_tree.ts";
import type { LayoutNode } from "./types.ts";

/**
 * The tree with panes `a` and `b` trading places (and sizes). Throws a `WeftError`
 * `NOT_FOUND` when either is not in the tree.
 *
 * @example
 * ```ts
 * import { leaf } from "./leaf.ts";
 * import { splitPane } from "./split_pane.ts";
 * import { swapPanes } from "./swap_panes.ts";
 * import { panesOf } from "./panes_of.ts";
 * const tree = splitPane(leaf("p1"), "p1", "p2", { direction: "horizontal" });
 * console.assert(panesOf(swapPanes(tree, "p1", "p2")).join() === "p2,p1");
 * ```
 */
export function swapPanes(tree: LayoutNode, a: string, b: string): LayoutNode {
  requirePath(tree, a, "swap");
  requirePath(tree, b, "swap");
  if (a === b) return tree;
  const swap = (node: LayoutNode): LayoutNode => {
    if (node.type === "pane") {
      if (node.pane === a) return { type: "pane", pane: b };
      if (node.pane === b) return { type: "pane", pane: a };
      return node;
    }
    return {
      ...node,
      children: node.children.map((c) => ({ ratio: c.ratio, node: swap(c.node) })),
    };
  };
  return swap(tree);
}
