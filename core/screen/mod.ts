/**
 * A pane's live screen: a headless xterm that parses the PTY's output, answers terminal
 * queries, and keeps a compact, byte-capped history that reads as text or ANSI with revisions.
 *
 * @module
 */

export { DEFAULT_LOW_WATER, Screen } from "./screen.ts";
export { ParseLoop } from "./_queue.ts";
export type { ReadOptions, ScreenModes, ScreenOptions, ScreenRead } from "./screen.ts";
