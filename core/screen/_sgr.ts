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

const encoder = new TextEncoder();

/** Every SGR sequence of a table in one buffer (see {@link AttrTable.sgrPool}). */
export interface SgrPool {
  pool: Uint8Array;
  /** Pair `id`'s sequence is `pool[at[id], at[id + 1])`. */
  at: Uint32Array;
  /** How many pairs it covers. */
  ids: number;
  /** Bytes of its longest sequence. */
  longest: number;
}

/** Most distinct `(fg, bg)` pairs one table holds; later new pairs read back unstyled. */
export const MAX_ATTRS = 0xffff;

/** Ids for the `(fg, bg)` attribute pairs of a history, so a run takes one word. */
export class AttrTable {
  readonly fg: number[] = [0];
  readonly bg: number[] = [0];
  #ids = new Map<number, Map<number, number>>();
  #sgr: string[] = [];
  #sgrBytes: Uint8Array[] = [];
  #pool: SgrPool = { pool: new Uint8Array(0), at: new Uint32Array(1), ids: 0, longest: 4 };

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

  /** The SGR sequence of pair `id`, as (ASCII) bytes. */
  sgrBytes(id: number): Uint8Array {
    return this.#sgrBytes[id] ??= encoder.encode(this.sgr(id));
  }

  /**
   * Every pair's SGR sequence in one buffer: pair `id`'s is `pool[at[id], at[id + 1])`
   * (built as reads need it, for the pairs the table holds then).
   */
  sgrPool(): SgrPool {
    const n = this.fg.length;
    const old = this.#pool;
    if (old.ids === n) return old;
    const seqs: Uint8Array[] = [];
    let bytes = old.at[old.ids]!;
    for (let id = old.ids; id < n; id++) {
      const seq = encoder.encode(this.sgr(id));
      seqs.push(seq);
      bytes += seq.length;
    }
    const pool = old.pool.length >= bytes
      ? old.pool
      : new Uint8Array(Math.max(bytes, old.pool.length * 2));
    if (pool !== old.pool) pool.set(old.pool.subarray(0, old.at[old.ids]));
    const at = old.at.length > n ? old.at : new Uint32Array(Math.max(n + 1, old.at.length * 2));
    if (at !== old.at) at.set(old.at.subarray(0, old.ids + 1));
    let longest = old.longest;
    for (let id = old.ids; id < n; id++) {
      const seq = seqs[id - old.ids]!;
      pool.set(seq, at[id]!);
      at[id + 1] = at[id]! + seq.length;
      longest = Math.max(longest, seq.length);
    }
    return this.#pool = { pool, at, ids: n, longest };
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
