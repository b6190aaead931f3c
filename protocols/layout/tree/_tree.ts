// Private helpers shared by the layout functions: paths, immutable replacement, ratios.
import { WeftError } from "../../bus/errors.ts";
import type { Direction, LayoutChild, LayoutNode, SplitNode } from "./types.ts";

/** Child indexes from the root to `pane`, or undefined when it is not in the tree. */
export function pathTo(tree: LayoutNode, pane: string): number[] | undefined {
  if (tree.type === "pane") return tree.pane === pane ? [] : undefined;
  for (let i = 0; i < tree.children.length; i++) {
    const rest = pathTo(tree.children[i]!.node, pane);
    if (rest) return [i, ...rest];
  }
  return undefined;
}

/** Like {@link pathTo} but throws the standard "not in this layout" error. */
export function requirePath(tree: LayoutNode, pane: string, verb: string): number[] {
  const path = pathTo(tree, pane);
  if (!path) {
    throw new WeftError(
      "NOT_FOUND",
      `Cannot ${verb} pane "${pane}": pane is not in this layout`,
      { pane },
    );
  }
  return path;
}

/** The node at `path`. */
export function nodeAt(tree: LayoutNode, path: readonly number[]): LayoutNode {
  let node = tree;
  for (const i of path) {
    if (node.type !== "split") throw new RangeError("Cannot follow path: it runs past a pane");
    node = node.children[i]!.node;
  }
  return node;
}

/** A copy of `tree` with the node at `path` replaced by `fn(node)`; untouched parts are shared. */
export function replaceAt(
  tree: LayoutNode,
  path: readonly number[],
  fn: (node: LayoutNode) => LayoutNode,
): LayoutNode {
  if (path.length === 0) return fn(tree);
  if (tree.type !== "split") throw new RangeError("Cannot follow path: it runs past a pane");
  const [i, ...rest] = path as [number, ...number[]];
  const children = tree.children.map((c, j) =>
    j === i ? { ratio: c.ratio, node: replaceAt(c.node, rest, fn) } : c
  );
  return { ...tree, children };
}

/**
 * The children with ratios divided by their sum, so they sum to 1. Ratios already summing to 1
 * within {@link SUM_TOLERANCE} are kept as they are, so a normal tree survives a round trip
 * through JSON bit for bit.
 */
export function rescale(children: readonly LayoutChild[]): LayoutChild[] {
  const sum = children.reduce((s, c) => s + c.ratio, 0);
  const k = Math.abs(sum - 1) < SUM_TOLERANCE ? 1 : sum;
  return children.map((c) => ({ ratio: c.ratio / k, node: c.node }));
}

/** How far from 1 a split's ratio sum may be before it is rescaled. */
export const SUM_TOLERANCE = 1e-12;

/**
 * A split built from `children`, kept canonical: a single child replaces the split, and a child
 * split of the same direction is merged into it with its ratios scaled.
 */
export function makeSplit(direction: Direction, children: readonly LayoutChild[]): LayoutNode {
  const flat: LayoutChild[] = [];
  for (const c of children) {
    if (c.node.type === "split" && c.node.direction === direction) {
      for (const g of c.node.children) flat.push({ ratio: c.ratio * g.ratio, node: g.node });
    } else flat.push(c);
  }
  if (flat.length === 1) return flat[0]!.node;
  return { type: "split", direction, children: rescale(flat) };
}

/** Where a pane's nearest ancestor split of `direction` is, and which of its children holds it. */
export interface SplitLocation {
  splitPath: number[];
  index: number;
  split: SplitNode;
}

/** The nearest ancestor split of `direction` along `path`, or undefined. */
export function nearestSplit(
  tree: LayoutNode,
  path: readonly number[],
  direction: Direction,
): SplitLocation | undefined {
  for (let depth = path.length - 1; depth >= 0; depth--) {
    const splitPath = path.slice(0, depth);
    const node = nodeAt(tree, splitPath);
    if (node.type === "split" && node.direction === direction) {
      return { splitPath, index: path[depth]!, split: node };
    }
  }
  return undefined;
}

/** Throws a TypeError unless `pane` is a non-empty string. */
export function assertPaneId(pane: unknown, what = "pane"): asserts pane is string {
  if (typeof pane !== "string" || pane === "") {
    throw new TypeError(
      `Cannot use ${what} id ${JSON.stringify(pane)}: it must be a non-empty string`,
    );
  }
}

/** Throws a TypeError unless `direction` is a {@link Direction}. */
export function assertDirection(direction: unknown): asserts direction is Direction {
  if (direction !== "horizontal" && direction !== "vertical") {
    throw new TypeError(
      `Cannot use direction ${JSON.stringify(direction)}: it must be "horizontal" or "vertical"`,
    );
  }
}
