/**
 * How many terminal columns text takes (the shared rule in `protocols/terminal/width.ts`),
 * enough to tell where a TUI wrapped a line.
 *
 * @module
 */

import { textWidth } from "../terminal/width.ts";

/**
 * The columns `text` takes on a terminal.
 *
 * @example
 * ```ts
 * import { displayWidth } from "./display_width.ts";
 * console.assert(displayWidth("abc") === 3);
 * console.assert(displayWidth("日本") === 4);
 * ```
 */
export function displayWidth(text: string): number {
  return textWidth(text);
}
