/**
 * How many terminal cells text takes: wide (East Asian, most emoji) characters two, combining
 * marks, format characters and controls none, everything else one. An approximation of
 * `wcwidth`, shared by the TUI (text it draws itself) and the sideband (where a TUI wrapped a
 * line). Pane contents take their widths from the headless terminal instead.
 *
 * @module
 */

const WIDE: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];

const ZERO = /^[\p{Mn}\p{Me}\p{Cf}]$/u;

/**
 * The cell width of a code point: 0 (combining marks, format characters, controls), 2 (East
 * Asian wide, most emoji) or 1.
 *
 * @example
 * ```ts
 * import { charWidth } from "./width.ts";
 * console.assert(charWidth("a".codePointAt(0)!) === 1);
 * console.assert(charWidth("語".codePointAt(0)!) === 2);
 * console.assert(charWidth(0x301) === 0);
 * ```
 */
export function charWidth(cp: number): number {
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 0;
  if (cp < 0x300) return 1;
  if (ZERO.test(String.fromCodePoint(cp))) return 0;
  for (const [lo, hi] of WIDE) if (cp >= lo && cp <= hi) return 2;
  return 1;
}

/**
 * The cell width of a string.
 *
 * @example
 * ```ts
 * import { textWidth } from "./width.ts";
 * console.assert(textWidth("ab日") === 4);
 * ```
 */
export function textWidth(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code < 0x7f) {
      n++; // printable ASCII: the common case, no code point work
      continue;
    }
    const point = text.codePointAt(i)!;
    if (point > 0xffff) i++;
    n += charWidth(point);
  }
  return n;
}
