/**
 * Borders a page can drag: the line between two neighbours of a split, and the layout tree
 * with such a line moved to another cell. The layout stays the server's: the page only says
 * which border (the split's path in the tree and the index of the child before it) and where
 * to; the new ratios are computed here and set with `window.set_layout`.
 *
 * @module
 */

import { type LayoutNode, panesOf } from "../../protocols/layout/tree/mod.ts";

/** A cell rectangle. */
interface Rect {
  x: number;
  y: number;
  cols: number;
  rows: number;
}

/** A border between child `index` and `index + 1` of the split at `path`. */
export interface DragBorder extends Rect {
  /** Child indices from the root to the split. */
  path: number[];
  index: number;
  /** The split's direction: `"horizontal"` borders are vertical lines dragged left/right. */
  direction: "horizontal" | "vertical";
}

type Rects = ReadonlyMap<string, Rect>;

/**
 * Every border of `tree`, given the panes' rectangles (`window.layout`'s `panes`).
 *
 * @example
 * ```ts
 * import { dragBorders } from "./drag_border.ts";
 * const tree = { type: "split", direction: "horizontal", children: [
 *   { ratio: 0.5, node: { type: "pane", pane: "p1" } },
 *   { ratio: 0.5, node: { type: "pane", pane: "p2" } },
 * ] } as const;
 * const rects = new Map([["p1", { x: 0, y: 0, cols: 40, rows: 24 }], ["p2", { x: 41, y: 0, cols: 40, rows: 24 }]]);
 * console.assert(dragBorders(tree, rects)[0]!.x === 40);
 * ```
 */
export function dragBorders(tree: LayoutNode, rects: Rects): DragBorder[] {
  const out: DragBorder[] = [];
  const walk = (node: LayoutNode, path: number[]) => {
    if (node.type === "pane") return;
    const whole = bounds(node, rects);
    node.children.forEach((child, i) => {
      walk(child.node, [...path, i]);
      if (i === node.children.length - 1) return;
      const box = bounds(child.node, rects);
      if (!whole || !box) return;
      out.push(
        node.direction === "horizontal"
          ? { path, index: i, direction: node.direction, ...whole, x: box.x + box.cols, cols: 1 }
          : { path, index: i, direction: node.direction, ...whole, y: box.y + box.rows, rows: 1 },
      );
    });
  };
  walk(tree, []);
  return out;
}

/**
 * `tree` with the border after child `index` of the split at `path` moved to cell `at` (a
 * column for a horizontal split, a row for a vertical one), only its two neighbours changing
 * size, each keeping at least one cell. Returns undefined when there is no such border.
 *
 * @example
 * ```ts
 * import { moveBorder } from "./drag_border.ts";
 * const tree = { type: "split", direction: "horizontal", children: [
 *   { ratio: 0.5, node: { type: "pane", pane: "p1" } },
 *   { ratio: 0.5, node: { type: "pane", pane: "p2" } },
 * ] } as const;
 * const rects = new Map([["p1", { x: 0, y: 0, cols: 40, rows: 24 }], ["p2", { x: 41, y: 0, cols: 40, rows: 24 }]]);
 * const moved = moveBorder(tree, rects, { path: [], index: 0, at: 20 });
 * console.assert(moved?.type === "split" && moved.children[0]!.ratio === 0.25);
 * ```
 */
export function moveBorder(
  tree: LayoutNode,
  rects: Rects,
  border: { path: readonly number[]; index: number; at: number },
): LayoutNode | undefined {
  const split = nodeAt(tree, border.path);
  if (split?.type !== "split") return undefined;
  const { index } = border;
  const before = split.children[index];
  const after = split.children[index + 1];
  const whole = bounds(split, rects);
  const first = before && bounds(before.node, rects);
  const second = after && bounds(after.node, rects);
  if (!before || !after || !whole || !first || !second) return undefined;
  const horizontal = split.direction === "horizontal";
  const start = horizontal ? whole.x : whole.y;
  const cells = (horizontal ? whole.cols : whole.rows) - (split.children.length - 1);
  const lo = (horizontal ? first.x : first.y) + 1;
  const hi = horizontal ? second.x + second.cols - 1 : second.y + second.rows - 1;
  if (cells <= 0 || hi < lo) return undefined;
  const at = Math.min(Math.max(Math.round(border.at), lo), hi);
  // The border after child i sits at start + (cells × ratios 0..i, rounded) + i.
  const upTo = split.children.slice(0, index).reduce((s, c) => s + c.ratio, 0);
  const pair = before.ratio + after.ratio;
  const share = Math.min(Math.max((at - start - index) / cells - upTo, 0), pair);
  const children = split.children.map((c, i) =>
    i === index ? { ...c, ratio: share } : i === index + 1 ? { ...c, ratio: pair - share } : c
  );
  return replace(tree, border.path, { ...split, children });
}

function nodeAt(tree: LayoutNode, path: readonly number[]): LayoutNode | undefined {
  let node: LayoutNode | undefined = tree;
  for (const i of path) node = node?.type === "split" ? node.children[i]?.node : undefined;
  return node;
}

function replace(tree: LayoutNode, path: readonly number[], by: LayoutNode): LayoutNode {
  if (!path.length || tree.type !== "split") return by;
  const [i, ...rest] = path;
  return {
    ...tree,
    children: tree.children.map((c, j) => j === i ? { ...c, node: replace(c.node, rest, by) } : c),
  };
}

/** The smallest rectangle around a node's panes. */
function bounds(node: LayoutNode, rects: Rects): Rect | undefined {
  const boxes = panesOf(node).map((p) => rects.get(p)).filter((r) => r && r.cols && r.rows);
  if (!boxes.length) return undefined;
  const x = Math.min(...boxes.map((r) => r!.x));
  const y = Math.min(...boxes.map((r) => r!.y));
  const right = Math.max(...boxes.map((r) => r!.x + r!.cols));
  const bottom = Math.max(...boxes.map((r) => r!.y + r!.rows));
  return { x, y, cols: right - x, rows: bottom - y };
}
