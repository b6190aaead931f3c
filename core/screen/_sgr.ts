/**
 * SGR sequences for xterm's packed cell attributes (the `fg`/`bg` words of a cell), and rows
 * rendered with them.
 *
 * @module
 */

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

/** Most distinct `(fg, bg)` pairs one table holds; later new pairs read back unstyled. */
export const MAX_ATTRS = 0xffff;

/** Ids for the `(fg, bg)` attribute pairs of a history, so a run takes one word. */
export class AttrTable {
  readonly fg: number[] = [0];
  readonly bg: number[] = [0];
  #ids = new Map<number, Map<number, number>>();
  #sgr: string[] = [];

  /** The id of `(fg, bg)`, added if new; 0 (unstyled) when the table is full. */
  id(fg: number, bg: number): number {
    if (fg === 0 && bg === 0) return 0;
    let byBg = this.#ids.get(fg);
    if (!byBg) this.#ids.set(fg, byBg = new Map());
    let id = byBg.get(bg);
    if (id === undefined) {
      if (this.fg.length >= MAX_ATTRS) return 0;
      id = this.fg.length;
      this.fg.push(fg);
      this.bg.push(bg);
      byBg.set(bg, id);
    }
    return id;
  }

  /** The SGR sequence of pair `id`. */
  sgr(id: number): string {
    return this.#sgr[id] ??= sgr(this.fg[id] ?? 0, this.bg[id] ?? 0);
  }

  /** Bytes the table takes, roughly. */
  get size(): number {
    return this.fg.length * 48;
  }
}

/** The SGR sequence (starting from a reset) that sets a cell's attributes. */
export function sgr(fg: number, bg: number): string {
  const params = ["0"];
  for (const [bit, code] of FG_FLAGS) if ((fg & bit) >>> 0) params.push(code);
  for (const [bit, code] of BG_FLAGS) if (bg & bit) params.push(code);
  color(fg, 30, 90, 38, params);
  color(bg, 40, 100, 48, params);
  return `\x1b[${params.join(";")}m`;
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
