import { WeftError } from "../../bus/errors.ts";
import {
  assertDirection,
  assertPaneId,
  nodeAt,
  pathTo,
  replaceAt,
  requirePath,
  rescale,
} from "./_tree.ts";
import type { Direction, LayoutChild, LayoutNode } from "./types.ts";

/** Options for {@link splitPane}. */
export interface SplitOptions {
  /** `"horizontal"` puts the new pane beside the old one, `"vertical"` below (or above) it. */
  direction: Direction;
  /** The share of the old pane's space the new pane takes, strictly between 0 and 1. */
  ratio?: number;
  /** Put the new pane before (left of / above) the old one instead of after it. */
  before?: boolean;
}

/**
 * Splits `pane` in two and puts `newPane` in part of its space. When the pane's parent already
 * splits in `direction`, the new pane becomes a sibling there instead of nesting a new split.
 *
 * Throws a `WeftError` `NOT_FOUND` when `pane` is not in the tree, `CONFLICT` when `newPane`
 * already is, and a `RangeError` when `ratio` is not strictly between 0 and 1.
 *
 * @example
 * ```ts
 * import { leaf } from "./leaf.ts";
 * import { splitPane } from "./split_pane.ts";
 * const tree = splitPane(leaf("p1"), "p1", "p2", { direction: "horizontal", ratio: 0.3 });
 * console.assert(tree.type === "split" && tree.children[1]!.ratio === 0.3);
 * ```
 */
export function splitPane(
  tree: LayoutNode,
  pane: string,
  newPane: string,
  options: SplitOptions,
): LayoutNode {
  const { direction, ratio = 0.5, before = false } = options;
  assertPaneId(newPane, "new pane");
  assertDirection(direction);
  if (!(ratio > 0 && ratio < 1)) {
    throw new RangeError(`Cannot split pane "${pane}": ratio ${ratio} is not between 0 and 1`);
  }
  const path = requirePath(tree, pane, "split");
  if (pathTo(tree, newPane)) {
    throw new WeftError(
      "CONFLICT",
      `Cannot split pane "${pane}": pane "${newPane}" is already in this layout`,
      { pane, newPane },
    );
  }
  const fresh: LayoutNode = { type: "pane", pane: newPane };
  const parentPath = path.slice(0, -1);
  const parent = path.length ? nodeAt(tree, parentPath) : undefined;
  if (parent?.type === "split" && parent.direction === direction) {
    const index = path[path.length - 1]!;
    return replaceAt(tree, parentPath, () => ({
      ...parent,
      children: rescale(
        parent.children.flatMap((c, i) =>
          i === index ? ordered(c.node, fresh, c.ratio, ratio, before) : [c]
        ),
      ),
    }));
  }
  return replaceAt(tree, path, (old) => ({
    type: "split",
    direction,
    children: ordered(old, fresh, 1, ratio, before),
  }));
}

function ordered(
  old: LayoutNode,
  fresh: LayoutNode,
  share: number,
  ratio: number,
  before: boolean,
): LayoutChild[] {
  const a = { ratio: share * (1 - ratio), node: old };
  const b = { ratio: share * ratio, node: fresh };
  return before ? [b, a] : [a, b];
}
