// Test helpers: terse tree builders and an exact tiling check.
import { borders } from "./borders.ts";
import { layoutRects } from "./layout_rects.ts";
import type { Direction, LayoutNode, Size } from "./types.ts";

/** A pane leaf. */
export function p(pane: string): LayoutNode {
  return { type: "pane", pane };
}

function split(direction: Direction, parts: [number, LayoutNode][]): LayoutNode {
  return { type: "split", direction, children: parts.map(([ratio, node]) => ({ ratio, node })) };
}

/** A horizontal split (side by side) of `[ratio, node]` pairs. */
export function h(...parts: [number, LayoutNode][]): LayoutNode {
  return split("horizontal", parts);
}

/** A vertical split (stacked) of `[ratio, node]` pairs. */
export function v(...parts: [number, LayoutNode][]): LayoutNode {
  return split("vertical", parts);
}

/**
 * Counts how often each cell is covered by a pane rect or a border; returns a description of
 * the first cell not covered exactly once, or undefined when the window is tiled exactly.
 */
export function tilingProblem(tree: LayoutNode, size: Size): string | undefined {
  const count = new Uint8Array(size.cols * size.rows);
  const cover = (what: string, r: { x: number; y: number; cols: number; rows: number }) => {
    if (r.cols < 0 || r.rows < 0) return `${what} has a negative size`;
    if (r.x < 0 || r.y < 0 || r.x + r.cols > size.cols || r.y + r.rows > size.rows) {
      return `${what} ${JSON.stringify(r)} is outside the window`;
    }
    for (let y = r.y; y < r.y + r.rows; y++) {
      for (let x = r.x; x < r.x + r.cols; x++) count[y * size.cols + x]!++;
    }
  };
  for (const [pane, r] of layoutRects(tree, size)) {
    const bad = cover(`pane ${pane}`, r);
    if (bad) return bad;
  }
  for (const b of borders(tree, size)) {
    const bad = cover("border", b);
    if (bad) return bad;
  }
  const i = count.findIndex((c) => c !== 1);
  if (i < 0) return undefined;
  return `cell ${i % size.cols},${Math.floor(i / size.cols)} is covered ${count[i]} times`;
}

/** Every split's ratios, for sum checks. */
export function ratioSums(tree: LayoutNode): number[] {
  if (tree.type === "pane") return [];
  return [
    tree.children.reduce((s, c) => s + c.ratio, 0),
    ...tree.children.flatMap((c) => ratioSums(c.node)),
  ];
}
