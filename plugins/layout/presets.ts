/**
 * The built-in presets: a table of pure functions from (window size, panes) to a layout tree,
 * in the order `layout.cycle` goes through them. ccmux's six come first, then tmux's five.
 * Directions follow the core: `horizontal` is side by side, `vertical` stacked.
 *
 * @module
 */

import { type LayoutNode, normalise, type Size } from "../../protocols/layout/tree/mod.ts";

/** What a preset may be tuned with. */
export interface PresetOptions {
  /** The main pane's share, for the `main_*` presets (0 < r < 1). */
  mainRatio?: number;
}

/** A preset: a name, what it looks like, and the function that builds it. */
export interface Preset {
  name: string;
  description: string;
  /** Also zoom the focused pane (so it alone fills the window) after applying. */
  zoom?: boolean;
  /** Builds the tree for `panes` (at least one) in a window of `size`. */
  build: (size: Size, panes: readonly string[], options: PresetOptions) => LayoutNode;
}

type Node = LayoutNode;

function pane(id: string): Node {
  return { type: "pane", pane: id };
}

function even(direction: "horizontal" | "vertical", nodes: readonly Node[]): Node {
  if (nodes.length === 1) return nodes[0]!;
  return {
    type: "split",
    direction,
    children: nodes.map((node) => ({ ratio: 1 / nodes.length, node })),
  };
}

function main(
  direction: "horizontal" | "vertical",
  panes: readonly string[],
  ratio: number,
): Node {
  const [first, ...rest] = panes;
  if (!rest.length) return pane(first!);
  const others = even(direction === "horizontal" ? "vertical" : "horizontal", rest.map(pane));
  return normalise({
    type: "split",
    direction,
    children: [{ ratio, node: pane(first!) }, { ratio: 1 - ratio, node: others }],
  });
}

/** A share that gives the main pane `cells` of `extent` (tmux's main-pane-width/height). */
function mainShare(cells: number, extent: number, given: number | undefined): number {
  if (given !== undefined) return given;
  const available = extent - 1;
  return available >= cells + 10 ? cells / available : 0.5;
}

/** Rows of `perRow` panes, each row side by side, the rows stacked; the last row may be short. */
function rows(panes: readonly string[], perRow: number): Node {
  const lines: Node[] = [];
  for (let i = 0; i < panes.length; i += perRow) {
    lines.push(even("horizontal", panes.slice(i, i + perRow).map(pane)));
  }
  return normalise(even("vertical", lines));
}

/** The fewest panes per row that fit the window: tmux's ⌈√n⌉ when it fits, else wider. */
function columnsFor(n: number, size: Size): number {
  const fits = (cols: number) => {
    const lines = Math.ceil(n / cols);
    return 2 * cols - 1 <= size.cols && 2 * lines - 1 <= size.rows;
  };
  const square = Math.ceil(Math.sqrt(n));
  if (fits(square)) return square;
  for (let cols = square + 1; cols <= n; cols++) if (fits(cols)) return cols;
  for (let cols = square - 1; cols >= 1; cols--) if (fits(cols)) return cols;
  return square;
}

const evenHorizontal = (_: Size, panes: readonly string[]) =>
  normalise(even("horizontal", panes.map(pane)));
const evenVertical = (_: Size, panes: readonly string[]) =>
  normalise(even("vertical", panes.map(pane)));

/** Every built-in preset, in cycle order. */
export const PRESETS: readonly Preset[] = [
  {
    name: "single",
    description: "One pane fills the window: the focused pane is zoomed; the others stay, stacked.",
    zoom: true,
    build: evenVertical,
  },
  {
    name: "split_horizontal",
    description: "Panes side by side, left to right, equal widths.",
    build: evenHorizontal,
  },
  {
    name: "split_vertical",
    description: "Panes stacked top to bottom, equal heights.",
    build: evenVertical,
  },
  {
    name: "grid_2x2",
    description: "Rows of two panes (a 2×2 grid for four panes).",
    build: (_, panes) => rows(panes, 2),
  },
  {
    name: "main_left",
    description: "The first pane on the left (main_ratio of the width, default 0.6), the others " +
      "stacked on the right.",
    build: (_, panes, o) => main("horizontal", panes, o.mainRatio ?? 0.6),
  },
  {
    name: "main_top",
    description: "The first pane on top (main_ratio of the height, default 0.6), the others " +
      "side by side below.",
    build: (_, panes, o) => main("vertical", panes, o.mainRatio ?? 0.6),
  },
  {
    name: "even_horizontal",
    description: "tmux even-horizontal: panes side by side, equal widths.",
    build: evenHorizontal,
  },
  {
    name: "even_vertical",
    description: "tmux even-vertical: panes stacked, equal heights.",
    build: evenVertical,
  },
  {
    name: "main_horizontal",
    description: "tmux main-horizontal: the first pane on top, 24 rows high when the window " +
      "has room (else half, or main_ratio), the others side by side below.",
    build: (size, panes, o) => main("vertical", panes, mainShare(24, size.rows, o.mainRatio)),
  },
  {
    name: "main_vertical",
    description: "tmux main-vertical: the first pane on the left, 80 columns wide when the " +
      "window has room (else half, or main_ratio), the others stacked on the right.",
    build: (size, panes, o) => main("horizontal", panes, mainShare(80, size.cols, o.mainRatio)),
  },
  {
    name: "tiled",
    description: "tmux tiled: a grid of about √n columns (more when the window is too short), " +
      "the last row's panes sharing its width.",
    build: (size, panes) => rows(panes, columnsFor(panes.length, size)),
  },
];
