/**
 * How many terminal columns text takes: wide (East Asian, emoji) characters two, combining
 * marks none, everything else one. An approximation of `wcwidth`, enough to tell where a TUI
 * wrapped a line.
 *
 * @module
 */

const WIDE: readonly (readonly [number, number])[] = [
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

function columns(code: number): number {
  if (code < 0x300) return 1;
  if ((code >= 0x300 && code <= 0x36f) || code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f)) {
    return 0;
  }
  for (const [from, to] of WIDE) if (code >= from && code <= to) return 2;
  return 1;
}

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
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x300) {
      width++;
      continue;
    }
    const point = text.codePointAt(i)!;
    if (point > 0xffff) i++;
    width += columns(point);
  }
  return width;
}
