/**
 * SGR (Select Graphic Rendition) sequences for a cell style, relative to what the terminal's
 * pen already holds, so unchanged attributes are not resent.
 *
 * @module
 */

import { ATTR, colorKind, type Style } from "./cells.ts";

const ATTR_ON: ReadonlyArray<readonly [number, number]> = [
  [ATTR.bold, 1],
  [ATTR.dim, 2],
  [ATTR.italic, 3],
  [ATTR.underline, 4],
  [ATTR.blink, 5],
  [ATTR.inverse, 7],
  [ATTR.invisible, 8],
  [ATTR.strike, 9],
  [ATTR.overline, 53],
];

function colorParams(color: number, base: 30 | 40): string {
  const { kind, value } = colorKind(color);
  if (kind === "default") return String(base + 9);
  if (kind === "rgb") return `${base + 8};2;${value >> 16};${(value >> 8) & 0xff};${value & 0xff}`;
  if (value < 8) return String(base + value);
  if (value < 16) return String(base + 60 + value - 8);
  return `${base + 8};5;${value}`;
}

/**
 * The escape sequence that turns pen `from` into `to` (empty when they are equal). Turning an
 * attribute off resets everything and sets what `to` needs, which is short and never wrong.
 *
 * @example
 * ```ts
 * import { ATTR, PLAIN, palette } from "./cells.ts";
 * import { sgr } from "./sgr.ts";
 * console.assert(sgr(PLAIN, { fg: palette(1), bg: 0, attrs: ATTR.bold }) === "\x1b[1;31m");
 * console.assert(sgr({ fg: 0, bg: 0, attrs: ATTR.bold }, PLAIN) === "\x1b[0m");
 * ```
 */
export function sgr(from: Style, to: Style): string {
  if (from.fg === to.fg && from.bg === to.bg && from.attrs === to.attrs) return "";
  const params: string[] = [];
  let base = from;
  if (from.attrs & ~to.attrs) {
    params.push("0");
    base = { fg: 0, bg: 0, attrs: 0 };
  }
  for (const [bit, code] of ATTR_ON) {
    if (to.attrs & bit && !(base.attrs & bit)) params.push(String(code));
  }
  if (to.fg !== base.fg) params.push(colorParams(to.fg, 30));
  if (to.bg !== base.bg) params.push(colorParams(to.bg, 40));
  return `\x1b[${params.join(";")}m`;
}
