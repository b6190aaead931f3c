/**
 * SGR sequences for xterm's packed cell attributes (the `fg`/`bg` words of a cell), and rows
 * rendered with them.
 *
 * @module
 */

import type { Row } from "./_screen_rows.ts";

const CM_MASK = 0x3000000;
const CM_P16 = 0x1000000;
const CM_P256 = 0x2000000;
const CM_RGB = 0x3000000;

/** fg word flags. */
const INVERSE = 0x4000000;
const BOLD = 0x8000000;
const UNDERLINE = 0x10000000;
const BLINK = 0x20000000;
const INVISIBLE = 0x40000000;
const STRIKETHROUGH = 0x80000000;
/** bg word flags. */
const ITALIC = 0x4000000;
const DIM = 0x8000000;
const OVERLINE = 0x40000000;

const FG_FLAGS: [number, string][] = [
  [BOLD, "1"],
  [UNDERLINE, "4"],
  [BLINK, "5"],
  [INVERSE, "7"],
  [INVISIBLE, "8"],
  [STRIKETHROUGH, "9"],
];
const BG_FLAGS: [number, string][] = [[DIM, "2"], [ITALIC, "3"], [OVERLINE, "53"]];

const cache = new Map<string, string>();
const CACHE_MAX = 4096;

/** The SGR sequence (starting from a reset) that sets a cell's attributes. */
export function sgr(fg: number, bg: number): string {
  const key = `${fg},${bg}`;
  let seq = cache.get(key);
  if (seq !== undefined) return seq;
  const params = ["0"];
  for (const [bit, code] of FG_FLAGS) if ((fg & bit) >>> 0) params.push(code);
  for (const [bit, code] of BG_FLAGS) if (bg & bit) params.push(code);
  color(fg, 30, 90, 38, params);
  color(bg, 40, 100, 48, params);
  seq = `\x1b[${params.join(";")}m`;
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, seq);
  return seq;
}

function color(word: number, base: number, bright: number, ext: number, out: string[]): void {
  const mode = word & CM_MASK;
  if (mode === CM_P16) {
    const c = word & 0xff;
    out.push(String(c < 8 ? base + c : bright + c - 8));
  } else if (mode === CM_P256) out.push(`${ext};5;${word & 0xff}`);
  else if (mode === CM_RGB) {
    out.push(`${ext};2;${(word >> 16) & 0xff};${(word >> 8) & 0xff};${word & 0xff}`);
  }
}

/** `text` (a prefix of `row.text`) with SGR sequences where the attributes change. */
export function renderAnsi(text: string, runs: Row["runs"]): string {
  if (!runs) return text;
  let out = "";
  let at = 0;
  let styled = false;
  for (let k = 0; k < runs.length; k += 3) {
    const offset = runs[k]!;
    if (offset >= text.length) break;
    out += text.slice(at, offset) + sgr(runs[k + 1]!, runs[k + 2]!);
    at = offset;
    styled = runs[k + 1] !== 0 || runs[k + 2] !== 0;
  }
  out += text.slice(at);
  return styled ? out + "\x1b[0m" : out;
}
