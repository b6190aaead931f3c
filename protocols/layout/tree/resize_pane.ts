import { minExtent, rectAt } from "./_geometry.ts";
import { assertDirection, nearestSplit, replaceAt, requirePath, rescale } from "./_tree.ts";
import type { SplitLocation } from "./_tree.ts";
import { type Direction, type LayoutNode, MIN_RATIO, type Size } from "./types.ts";

/** Options for {@link resizePane}. */
export interface ResizeOptions {
  /** Which way to grow: `"horizontal"` changes the pane's width, `"vertical"` its height. */
  direction: Direction;
  /** The change, as a fraction of the nearest split in `direction`; negative shrinks. */
  delta: number;
}

/** Options for {@link resizePaneCells}. */
export interface ResizeCellsOptions {
  /** Which way to grow: `"horizontal"` changes the pane's width, `"vertical"` its height. */
  direction: Direction;
  /** The change in cells (an integer); negative shrinks. */
  cells: number;
}

/**
 * Grows (or shrinks) the part of the tree holding `pane` inside its nearest split in
 * `direction`. Growing takes space from the following siblings, nearest first, then from the
 * preceding ones; shrinking gives the space to the next sibling (the previous one for the last
 * child). No child goes below {@link MIN_RATIO}, so the change may be smaller than asked.
 * Returns the same tree object when nothing changes (no split in that direction, delta 0).
 *
 * Throws a `WeftError` `NOT_FOUND` when `pane` is not in the tree, a `RangeError` when
 * `delta` is not a finite number.
 *
 * @example
 * ```ts
 * import { leaf } from "./leaf.ts";
 * import { splitPane } from "./split_pane.ts";
 * import { resizePane } from "./resize_pane.ts";
 * const tree = splitPane(leaf("p1"), "p1", "p2", { direction: "horizontal" });
 * const wider = resizePane(tree, "p1", { direction: "horizontal", delta: 0.2 });
 * console.assert(wider.type === "split" && Math.abs(wider.children[0]!.ratio - 0.7) < 1e-9);
 * ```
 */
export function resizePane(tree: LayoutNode, pane: string, options: ResizeOptions): LayoutNode {
  const { direction, delta } = options;
  assertDirection(direction);
  if (!Number.isFinite(delta)) {
    throw new RangeError(`Cannot resize pane "${pane}": delta ${delta} is not a finite number`);
  }
  const path = requirePath(tree, pane, "resize");
  const at = nearestSplit(tree, path, direction);
  if (!at || delta === 0) return tree;
  return shifted(tree, at, delta, at.split.children.map(() => MIN_RATIO));
}

/**
 * Like {@link resizePane}, with the change given in cells for a window of `size`: the pane's
 * side grows by exactly `cells` when the layout leaves room, and no pane is squeezed below
 * what it needs to keep 1×1 cells.
 *
 * @example
 * ```ts
 * import { leaf } from "./leaf.ts";
 * import { splitPane } from "./split_pane.ts";
 * import { resizePaneCells } from "./resize_pane.ts";
 * import { layoutRects } from "./layout_rects.ts";
 * const size = { cols: 81, rows: 24 };
 * const tree = splitPane(leaf("p1"), "p1", "p2", { direction: "horizontal" });
 * const wider = resizePaneCells(tree, "p1", size, { direction: "horizontal", cells: 5 });
 * console.assert(layoutRects(wider, size).get("p1")!.cols === 45);
 * ```
 */
export function resizePaneCells(
  tree: LayoutNode,
  pane: string,
  size: Size,
  options: ResizeCellsOptions,
): LayoutNode {
  const { direction, cells } = options;
  assertDirection(direction);
  if (!Number.isInteger(cells)) {
    throw new RangeError(`Cannot resize pane "${pane}": cells ${cells} is not an integer`);
  }
  const path = requirePath(tree, pane, "resize");
  const at = nearestSplit(tree, path, direction);
  if (!at || cells === 0) return tree;
  const rect = rectAt(tree, size, at.splitPath);
  const extent = direction === "horizontal" ? rect.cols : rect.rows;
  const available = extent - (at.split.children.length - 1);
  if (available <= 0) return tree;
  const mins = at.split.children.map((c) => minExtent(c.node, direction) / available);
  return shifted(tree, at, cells / available, mins);
}

function shifted(
  tree: LayoutNode,
  at: SplitLocation,
  delta: number,
  mins: readonly number[],
): LayoutNode {
  const ratios = at.split.children.map((c) => c.ratio);
  const moved = delta > 0
    ? grow(ratios, at.index, delta, mins)
    : shrink(ratios, at.index, -delta, mins);
  if (moved === 0) return tree;
  const children = rescale(at.split.children.map((c, i) => ({ ratio: ratios[i]!, node: c.node })));
  return replaceAt(tree, at.splitPath, () => ({ ...at.split, children }));
}

/** Moves up to `want` into `ratios[index]` from the others; returns what moved. */
function grow(ratios: number[], index: number, want: number, mins: readonly number[]): number {
  const after = ratios.map((_, i) => i).filter((i) => i > index);
  const before = ratios.map((_, i) => i).filter((i) => i < index).reverse();
  let moved = 0;
  for (const j of [...after, ...before]) {
    const take = Math.min(want - moved, Math.max(0, ratios[j]! - mins[j]!));
    ratios[j]! -= take;
    moved += take;
    if (moved >= want) break;
  }
  ratios[index]! += moved;
  return moved;
}

/** Moves up to `want` out of `ratios[index]` into its next (or previous) sibling. */
function shrink(ratios: number[], index: number, want: number, mins: readonly number[]): number {
  const to = index + 1 < ratios.length ? index + 1 : index - 1;
  const give = Math.min(want, Math.max(0, ratios[index]! - mins[index]!));
  ratios[index]! -= give;
  ratios[to]! += give;
  return give;
}
