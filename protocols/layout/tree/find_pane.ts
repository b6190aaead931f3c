import { pathTo } from "./_tree.ts";
import type { LayoutNode } from "./types.ts";

/**
 * Where `pane` sits: the child indexes from the root down to its leaf (`[]` when the tree is
 * that pane), or `undefined` when the pane is not in the tree.
 *
 * @example
 * ```ts
 * import { leaf } from "./leaf.ts";
 * import { splitPane } from "./split_pane.ts";
 * import { findPane } from "./find_pane.ts";
 * const tree = splitPane(leaf("p1"), "p1", "p2", { direction: "vertical" });
 * console.assert(findPane(tree, "p2")?.join() === "1");
 * console.assert(findPane(tree, "p9") === undefined);
 * ```
 */
export function findPane(tree: LayoutNode, pane: string): number[] | undefined {
  return pathTo(tree, pane);
}
