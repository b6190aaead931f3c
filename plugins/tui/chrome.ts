/**
 * The client's own drawing around the panes: one-cell borders with the right junctions, the
 * row above the panes that carries each top pane's label, and the labels themselves (name or
 * id, command, agent-state badge). The focused pane's borders and label stand out.
 *
 * @module
 */

import { STATE_LOOK } from "../../protocols/terminal/state_look.ts";
import {
  borders,
  type LayoutNode,
  layoutRects,
  type Rect,
  type Size,
} from "../../protocols/layout/tree/mod.ts";
import { ATTR, type CellGrid, palette, PLAIN, type Style } from "./cells.ts";
import { textWidth, truncate } from "./width.ts";

/** The part of a window the client draws: its tree, size, zoom and focus. */
export interface WindowView {
  tree: LayoutNode;
  size: Size;
  zoomed: string | null;
  focused: string | null;
}

/** What a pane's label says. */
export interface PaneLabel {
  id: string;
  name: string | null;
  command: string;
  state: string;
  /** Why it is blocked (permission, question, auth), when known. */
  stateKind?: string | null;
  /** How far the work is (0–100), when the program says. */
  stateProgress?: number | null;
  exit: { code: number | null; signal: string | null } | null;
  /** A title a program set (tmux's `select-pane -T`), shown after the id. */
  title?: string | null;
  /** The label's colour (an encoded cell colour) from a tmux border style, if set. */
  colour?: number | null;
}

const BORDER: Style = { fg: palette(8), bg: 0, attrs: 0 };
const FOCUSED_BORDER: Style = { fg: palette(2), bg: 0, attrs: 0 };
const LABEL: Style = PLAIN;
const FOCUSED_LABEL: Style = { fg: palette(2), bg: 0, attrs: ATTR.bold };

/** Each agent state's badge: text and colour, from the look every door shares. */
export const BADGES: Record<string, { text: string; style: Style }> = Object.fromEntries(
  Object.entries(STATE_LOOK).map(([state, look]) => [state, {
    text: `${look.symbol} ${state}`,
    style: {
      fg: palette(look.fg),
      bg: look.bg === null ? 0 : palette(look.bg),
      attrs: look.bold ? ATTR.bold : 0,
    },
  }]),
);

/**
 * Every visible pane's rectangle in window cells; a zoomed pane fills the window alone.
 *
 * @example
 * ```ts
 * import { leaf } from "../../protocols/layout/tree/mod.ts";
 * import { windowRects } from "./chrome.ts";
 * const rects = windowRects({ tree: leaf("p1"), size: { cols: 10, rows: 4 }, zoomed: null, focused: "p1" });
 * console.assert(rects.get("p1")!.cols === 10);
 * ```
 */
export function windowRects(view: WindowView): Map<string, Rect> {
  if (view.zoomed) return new Map([[view.zoomed, { x: 0, y: 0, ...view.size }]]);
  return layoutRects(view.tree, view.size);
}

// Arms of a line-drawing glyph: up, down, left, right.
const GLYPHS: Record<number, string> = {
  0b0000: "─",
  0b0011: "─",
  0b0010: "─",
  0b0001: "─",
  0b1100: "│",
  0b1000: "│",
  0b0100: "│",
  0b1111: "┼",
  0b1101: "├",
  0b1110: "┤",
  0b0111: "┬",
  0b1011: "┴",
  0b0101: "┌",
  0b0110: "┐",
  0b1001: "└",
  0b1010: "┘",
};

/**
 * Draws the label row and the borders of `view` into `grid`, the window's top-left cell being
 * at (0, `top`) and the label row at `top - 1`. Labels go on the border row above each pane.
 *
 * @example
 * ```ts
 * import { leaf, splitPane } from "../../protocols/layout/tree/mod.ts";
 * import { CellGrid } from "./cells.ts";
 * import { drawChrome } from "./chrome.ts";
 * const tree = splitPane(leaf("p1"), "p1", "p2", { direction: "horizontal" });
 * const grid = new CellGrid(21, 4);
 * const label = (id: string) => ({ id, name: null, command: "sh", state: "idle", exit: null });
 * drawChrome(grid, { tree, size: { cols: 21, rows: 3 }, zoomed: null, focused: "p1" }, {
 *   top: 1,
 *   labels: new Map([["p1", label("p1")], ["p2", label("p2")]]),
 * });
 * console.assert(grid.toText()[1]!.charAt(10) === "│");
 * ```
 */
export function drawChrome(
  grid: CellGrid,
  view: WindowView,
  options: {
    top: number;
    labels: ReadonlyMap<string, PaneLabel>;
    theme?: { border?: Style; borderActive?: Style };
  },
): void {
  const plain = options.theme?.border ?? BORDER;
  const active = options.theme?.borderActive ?? FOCUSED_BORDER;
  const { top } = options;
  const cols = Math.min(grid.cols, view.size.cols);
  const kind = new Map<number, "h" | "v">(); // key: y * cols + x, in window rows from top - 1
  const at = (x: number, y: number) => kind.get((y + 1) * cols + x);
  for (let x = 0; x < cols; x++) kind.set(x, "h");
  const lines = view.zoomed ? [] : borders(view.tree, view.size);
  for (const b of lines) {
    const k = b.direction === "horizontal" ? "v" : "h";
    for (let y = b.y; y < b.y + b.rows; y++) {
      for (let x = b.x; x < Math.min(cols, b.x + b.cols); x++) kind.set((y + 1) * cols + x, k);
    }
  }
  const rects = windowRects(view);
  const focus = view.focused ? rects.get(view.focused) : undefined;
  for (const [key, k] of kind) {
    const x = key % cols;
    const y = Math.floor(key / cols) - 1;
    const up = k === "v" ? at(x, y - 1) !== undefined : at(x, y - 1) === "v";
    const down = k === "v" ? at(x, y + 1) !== undefined : at(x, y + 1) === "v";
    const left = k === "h" ? at(x - 1, y) !== undefined : at(x - 1, y) === "h";
    const right = k === "h" ? at(x + 1, y) !== undefined : at(x + 1, y) === "h";
    const arms = (up ? 8 : 0) | (down ? 4 : 0) | (left ? 2 : 0) | (right ? 1 : 0);
    const style = focus && touches(focus, x, y) ? active : plain;
    grid.set(x, top + y, GLYPHS[arms] ?? (k === "h" ? "─" : "│"), style);
  }
  for (const [id, rect] of rects) {
    const label = options.labels.get(id);
    if (label && rect.cols > 2 && rect.rows > 0) {
      drawLabel(
        grid,
        label,
        { x: rect.x + 1, y: top + rect.y - 1, cols: rect.cols - 2 },
        id === view.focused,
      );
    }
  }
}

/** True when border cell (x, y) is on the ring of cells around `rect`. */
function touches(rect: Rect, x: number, y: number): boolean {
  return x >= rect.x - 1 && x <= rect.x + rect.cols && y >= rect.y - 1 && y <= rect.y + rect.rows;
}

function drawLabel(
  grid: CellGrid,
  label: PaneLabel,
  at: { x: number; y: number; cols: number },
  focused: boolean,
): void {
  const badge = BADGES[label.state] ?? BADGES.unknown!;
  const exit = label.exit && label.state === "exited"
    ? ` ${label.exit.signal ?? label.exit.code}`
    : "";
  const full = ` ${badge.text}${badgeDetail(label)}${exit} `;
  const short = ` ${[...badge.text][0]} `;
  const title = ` ${label.id}${label.name ? `:${label.name}` : ""}${
    label.title ? ` ${label.title}` : ""
  } `;
  const titleStyle = label.colour
    ? { fg: label.colour, bg: 0, attrs: focused ? ATTR.bold : 0 }
    : focused
    ? FOCUSED_LABEL
    : LABEL;
  const command = shortCommand(label.command);
  // Keep the id and the state visible first; the command gets what is left.
  const badgeText = textWidth(title) + textWidth(full) <= at.cols ? full : short;
  const titleText = truncate(title, Math.max(0, at.cols - textWidth(badgeText)));
  let x = at.x;
  x += grid.text(x, at.y, titleText, titleStyle);
  const room = at.cols - textWidth(titleText) - textWidth(badgeText);
  if (room >= 4) x += grid.text(x, at.y, truncate(command, room), LABEL);
  grid.text(x, at.y, badgeText, badge.style, at.x + at.cols - x);
}

/** What a badge adds to its state: a blocked pane's reason, a working pane's progress. */
function badgeDetail(label: PaneLabel): string {
  if (label.state === "blocked" && label.stateKind) return `: ${label.stateKind}`;
  if (label.state === "working" && typeof label.stateProgress === "number") {
    return ` ${label.stateProgress}%`;
  }
  return "";
}

/** A command as a label shows it: the program's base name and its arguments. */
export function shortCommand(command: string): string {
  const [program = "", ...rest] = command.trim().split(/\s+/);
  return [program.replace(/^.*\//, ""), ...rest].join(" ");
}
