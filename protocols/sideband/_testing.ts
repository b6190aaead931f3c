/**
 * Test helpers: screens recorded from the real Claude Code TUI (tests/fixtures/sideband/).
 *
 * @module
 */

import { type ScreenLine, styledLine } from "./styled_line.ts";

/** The rows of a recorded screen (history and visible lines, as the headless screen read them). */
export function recorded(name: string): string[] {
  const url = new URL(`../../tests/fixtures/sideband/${name}`, import.meta.url);
  return Deno.readTextFileSync(url).split("\n");
}

/** A recorded screen whose rows carry SGR colours, read as styled lines. */
export function recordedStyled(name: string): ScreenLine[] {
  return recorded(name).map(styledLine);
}
