import type { LayoutNode } from "./types.ts";

/**
 * Every pane in the tree, in reading order: left to right, top to bottom, depth first.
 *
 * @example
 * ```ts
 * import { leaf } from "./leaf.ts";
 * import { splitPane } from "./split_pane.ts";
 * import { panesOf } from "./panes_of.ts";
 * const tree = splitPane(leaf("p1"), "p1", "p2", { direction: "horizontal" });
 * console.assert(panesOf(tree).join() === "p1,p2");
 * ```
 */
export function panesOf(tree: LayoutNode): string[] {
  const out: string[] = [];
  const walk = (node: LayoutNode): void => {
    if (node.type === "pane") out.push(node.pane);
    else for (const c of node.children) walk(c.node);
  };
  walk(tree);
  return out;
}
