import { assertPaneId } from "./_tree.ts";
import type { LayoutNode } from "./types.ts";

/**
 * A layout holding one pane: what a new window starts with.
 *
 * @example
 * ```ts
 * import { leaf } from "./leaf.ts";
 * console.assert(leaf("p1").type === "pane");
 * ```
 */
export function leaf(pane: string): LayoutNode {
  assertPaneId(pane);
  return { type: "pane", pane };
}
