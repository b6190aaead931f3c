/**
 * The shapes of declarative layouts: what `layout.create` takes and what a layout file
 * holds, after {@link checkSpec} has validated and normalised them.
 *
 * @module
 */

/** `"horizontal"` puts children side by side (left to right), `"vertical"` stacks them. */
export type Direction = "horizontal" | "vertical";

/** How to start one pane; every field is optional (the default is the configured shell). */
export interface PaneSpec {
  /** A shell command line (run by the configured shell with `-c`). */
  command?: string;
  /** Program and arguments, run without a shell; instead of `command`. */
  argv?: string[];
  /** Working directory; a relative one starts at the project directory. */
  cwd?: string;
  /** A unique name to refer to the pane by. */
  name?: string;
  /** Extra environment variables. */
  env?: Record<string, string>;
}

/** One child of a split: its share and what fills it. */
export interface SplitSpec {
  /** The child's share of the split; normalised so a split's ratios sum to 1. */
  ratio: number;
  layout: LayoutSpec;
}

/** A preset filled with panes: the preset decides the shape, the panes what runs. */
export interface PresetSpec {
  preset: string;
  /** One entry per pane, in the preset's reading order. */
  panes: PaneSpec[];
  /** The main pane's share, for presets that have one (0 < r < 1). */
  main_ratio?: number;
}

/** A declarative layout: one pane, a split of children, or a preset with its panes. */
export type LayoutSpec =
  | { pane: PaneSpec }
  | { direction: Direction; splits: SplitSpec[] }
  | PresetSpec;

/** One window of a layout file. */
export interface WindowSpec {
  /** The window's unique name. */
  name?: string;
  layout: LayoutSpec;
}

/** A layout file: a few windows, optionally in a named session. */
export interface LayoutFile {
  /** What the layout is for, shown by `weft layout list`. */
  description?: string;
  /** The session (id or name) the windows go in; a name that does not exist is created. */
  session?: string;
  windows: WindowSpec[];
}

/** How deep a declarative layout may nest. */
export const MAX_SPEC_DEPTH = 16;

/** The most panes one declarative layout may create. */
export const MAX_SPEC_PANES = 64;
