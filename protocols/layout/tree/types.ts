/**
 * The shapes of the layout tree, shared by every layout function.
 *
 * @module
 */

/**
 * How a split arranges its children: `"horizontal"` puts them side by side, left to right
 * (tmux `split-window -h`); `"vertical"` stacks them top to bottom.
 */
export type Direction = "horizontal" | "vertical";

/** A pane leaf, or a split whose children's ratios sum to 1. */
export type LayoutNode =
  | { type: "pane"; pane: string }
  | { type: "split"; direction: Direction; children: LayoutChild[] };

/** One child of a split and the share of the split's space it takes. */
export interface LayoutChild {
  ratio: number;
  node: LayoutNode;
}

/** A rectangle of cells; `x`/`y` are 0-based from the window's top-left corner. */
export interface Rect {
  x: number;
  y: number;
  cols: number;
  rows: number;
}

/** A window size in cells. */
export interface Size {
  cols: number;
  rows: number;
}

/** A split node, for functions that only deal with splits. */
export type SplitNode = Extract<LayoutNode, { type: "split" }>;

/** A pane leaf. */
export type PaneNode = Extract<LayoutNode, { type: "pane" }>;

/** The four directions focus can move in. */
export type Side = "left" | "right" | "up" | "down";

/**
 * The smallest share a resize leaves to any child of a split, so a pane never disappears by
 * resizing alone.
 */
export const MIN_RATIO = 0.01;
