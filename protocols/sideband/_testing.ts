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

/**
 * Plain rows as a screen drawn with colours: each agent block's marker (`●` at column 0) in a
 * colour, the rest in the default colour. True of the plain recordings, whose messages hold no
 * code; the detector runs nothing from a message whose marker has no colour.
 */
export function markersInColour(lines: readonly string[]): ScreenLine[] {
  return lines.map((text) => {
    if (!text.startsWith("● ")) return { text };
    const coloured = new Uint8Array(text.length);
    coloured[0] = 1;
    return { text, coloured };
  });
}
