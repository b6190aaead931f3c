import { checkLayout } from "./_check.ts";
import type { LayoutNode } from "./types.ts";

/**
 * The tree in canonical form: each split's ratios rescaled to sum to 1 (left as they are when
 * they already do), a split with one child replaced by that child, and a child split running
 * the same direction as its parent merged into it. Every layout function returns canonical
 * trees; this is for trees built by hand.
 *
 * Throws a `RangeError` for a ratio that is zero, negative, NaN or infinite, for a pane named
 * twice or a tree nested deeper than 64 levels, and a `TypeError` for a malformed node. Use
 * `parseLayout` for untrusted input.
 *
 * @example
 * ```ts
 * import { normalise } from "./normalise.ts";
 * const tree = normalise({
 *   type: "split",
 *   direction: "horizontal",
 *   children: [{ ratio: 1, node: { type: "pane", pane: "p1" } }, {
 *     ratio: 3,
 *     node: { type: "pane", pane: "p2" },
 *   }],
 * });
 * console.assert(tree.type === "split" && tree.children[1]!.ratio === 0.75);
 * ```
 */
export function normalise(tree: LayoutNode): LayoutNode {
  return checkLayout(tree, (path, problem, kind) => {
    const message = `Cannot normalise layout: ${path || "the root"} ${problem}`;
    throw kind === "range" ? new RangeError(message) : new TypeError(message);
  });
}
