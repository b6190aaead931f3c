/**
 * tmux's layout string (`#{window_layout}`, `list-windows`): `CSUM,WxH,X,Y` then `{…}` for
 * side-by-side children, `[…]` for stacked ones, `,ID` for a pane; CSUM is tmux's 16-bit
 * rotating checksum of the rest, in hex.
 *
 * @module
 */

/** A layout tree in weft's shape (protocols/layout), reduced to what the string needs. */
export type LayoutTree =
  | { type: "pane"; pane: string }
  | { type: "split"; direction: "horizontal" | "vertical"; children: { node: LayoutTree }[] };

/** A cell rectangle. */
export interface Box {
  x: number;
  y: number;
  cols: number;
  rows: number;
}

function checksum(text: string): string {
  let csum = 0;
  for (let i = 0; i < text.length; i++) {
    csum = (csum >> 1) + ((csum & 1) << 15);
    csum = (csum + text.charCodeAt(i)) & 0xffff;
  }
  return csum.toString(16).padStart(4, "0");
}

function boxOf(node: LayoutTree, rects: ReadonlyMap<string, Box>): Box | undefined {
  if (node.type === "pane") return rects.get(node.pane);
  const boxes = node.children.map((c) => boxOf(c.node, rects)).filter((b): b is Box => !!b);
  if (!boxes.length) return undefined;
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const cols = Math.max(...boxes.map((b) => b.x + b.cols)) - x;
  const rows = Math.max(...boxes.map((b) => b.y + b.rows)) - y;
  return { x, y, cols, rows };
}

function body(
  node: LayoutTree,
  rects: ReadonlyMap<string, Box>,
  id: (pane: string) => number,
): string {
  const b = boxOf(node, rects) ?? { x: 0, y: 0, cols: 0, rows: 0 };
  const head = `${b.cols}x${b.rows},${b.x},${b.y}`;
  if (node.type === "pane") return `${head},${id(node.pane)}`;
  const inner = node.children.map((c) => body(c.node, rects, id)).join(",");
  return node.direction === "horizontal" ? `${head}{${inner}}` : `${head}[${inner}]`;
}

/**
 * The tmux layout string of a tree whose panes have these rectangles.
 *
 * @example
 * ```ts
 * import { tmuxLayout } from "./layout_string.ts";
 * tmuxLayout({ type: "pane", pane: "p0" }, new Map([["p0", { x: 0, y: 0, cols: 80, rows: 24 }]]), () => 0);
 * // "b25d,80x24,0,0,0" (what tmux prints for one 80x24 pane %0)
 * ```
 */
export function tmuxLayout(
  tree: LayoutTree,
  rects: ReadonlyMap<string, Box>,
  id: (pane: string) => number,
): string {
  const text = body(tree, rects, id);
  return `${checksum(text)},${text}`;
}
