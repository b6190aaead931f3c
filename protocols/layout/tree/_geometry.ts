// Private geometry shared by layoutRects, borders, neighbour and resizePaneCells.
import type { Direction, LayoutNode, Rect, Size } from "./types.ts";

/** One child's place along a split's axis, relative to the split's start. */
export interface Segment {
  offset: number;
  size: number;
}

/** A border line between two siblings; `direction` is the direction of the split it divides. */
export interface Border extends Rect {
  direction: Direction;
}

/** The fewest cells `node` needs along the axis `direction` runs on, borders included. */
export function minExtent(node: LayoutNode, direction: Direction): number {
  if (node.type === "pane") return 1;
  const mins = node.children.map((c) => minExtent(c.node, direction));
  if (node.direction === direction) return mins.reduce((s, m) => s + m, 0) + mins.length - 1;
  return Math.max(...mins);
}

/**
 * Places children of `ratios` along `extent` cells with one border cell between neighbours.
 * Boundaries come from cumulative ratios, so the sizes always add up exactly, then are clamped
 * so each child keeps its minimum. When even the minimums do not fit, leading children are shown
 * at their minimum, the last shown one takes what is left, and the rest get size 0 (no border).
 */
export function allocate(
  extent: number,
  ratios: readonly number[],
  mins: readonly number[],
): { segments: Segment[]; borders: number[] } {
  const n = ratios.length;
  const need = mins.reduce((s, m) => s + m, 0) + n - 1;
  if (extent >= need) return allocateFitting(extent, ratios, mins);
  const segments: Segment[] = [];
  const borders: number[] = [];
  let pos = 0;
  for (let i = 0; i < n; i++) {
    const left = extent - pos;
    if (i > 0 && left < 2) {
      segments.push({ offset: extent, size: 0 });
      continue;
    }
    if (i > 0) borders.push(pos++);
    const size = Math.min(mins[i]!, extent - pos);
    segments.push({ offset: pos, size });
    pos += size;
  }
  const last = segments.findLast((s) => s.size > 0);
  if (last) last.size += extent - pos;
  return { segments, borders };
}

function allocateFitting(
  extent: number,
  ratios: readonly number[],
  mins: readonly number[],
): { segments: Segment[]; borders: number[] } {
  const n = ratios.length;
  const cells = extent - (n - 1);
  const suffix: number[] = new Array(n + 1).fill(0);
  for (let i = n - 1; i >= 0; i--) suffix[i] = suffix[i + 1]! + mins[i]!;
  const bounds = [0];
  let cum = 0;
  for (let i = 1; i < n; i++) {
    cum += ratios[i - 1]!;
    const ideal = Math.round(cells * cum);
    const lo = bounds[i - 1]! + mins[i - 1]!;
    bounds.push(Math.min(Math.max(ideal, lo), cells - suffix[i]!));
  }
  bounds.push(cells);
  const segments: Segment[] = [];
  const borders: number[] = [];
  for (let i = 0; i < n; i++) {
    segments.push({ offset: bounds[i]! + i, size: bounds[i + 1]! - bounds[i]! });
    if (i < n - 1) borders.push(bounds[i + 1]! + i);
  }
  return { segments, borders };
}

/** The rects of a split's children and of the borders between them. */
export function splitRects(
  node: Extract<LayoutNode, { type: "split" }>,
  rect: Rect,
): { children: Rect[]; borders: Border[] } {
  const horizontal = node.direction === "horizontal";
  const extent = horizontal ? rect.cols : rect.rows;
  const { segments, borders } = allocate(
    extent,
    node.children.map((c) => c.ratio),
    node.children.map((c) => minExtent(c.node, node.direction)),
  );
  const along = (offset: number, size: number): Rect =>
    horizontal
      ? { x: rect.x + offset, y: rect.y, cols: size, rows: rect.rows }
      : { x: rect.x, y: rect.y + offset, cols: rect.cols, rows: size };
  return {
    children: segments.map((s) => along(s.offset, s.size)),
    borders: borders.map((b) => ({ ...along(b, 1), direction: node.direction }))
      .filter((b) => b.cols > 0 && b.rows > 0),
  };
}

/** Visits every node with its rect, parents before children. */
export function walkRects(
  tree: LayoutNode,
  size: Size,
  visit: (node: LayoutNode, rect: Rect, borders: Border[]) => void,
): void {
  checkSize(size);
  const go = (node: LayoutNode, rect: Rect): void => {
    if (node.type === "pane") return visit(node, rect, []);
    const { children, borders } = splitRects(node, rect);
    visit(node, rect, borders);
    node.children.forEach((c, i) => go(c.node, children[i]!));
  };
  go(tree, { x: 0, y: 0, cols: size.cols, rows: size.rows });
}

/** The rect of the node at `path`. */
export function rectAt(tree: LayoutNode, size: Size, path: readonly number[]): Rect {
  checkSize(size);
  let rect: Rect = { x: 0, y: 0, cols: size.cols, rows: size.rows };
  let node = tree;
  for (const i of path) {
    if (node.type !== "split") throw new RangeError("Cannot follow path: it runs past a pane");
    rect = splitRects(node, rect).children[i]!;
    node = node.children[i]!.node;
  }
  return rect;
}

function checkSize(size: Size): void {
  for (const key of ["cols", "rows"] as const) {
    const v = size[key];
    if (!Number.isInteger(v) || v < 0) {
      throw new RangeError(`Cannot lay out a window with ${key} ${v}: it must be an integer >= 0`);
    }
  }
}
