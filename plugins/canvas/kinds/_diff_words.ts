/**
 * Word-level changes between a removed line and the added line that replaced it.
 *
 * @module
 */

/** A half-open range of UTF-16 offsets `[start, end)` that changed. */
export type Range = [number, number];

const TOKEN = /[\p{L}\p{N}_]+|\s+|[^\p{L}\p{N}_\s]/gu;
/** Past this many tokens in the changed middle, the whole middle is marked (no O(n·m) table). */
const MAX_TOKENS = 200;
/** Lines sharing less than this fraction of their text are unrelated: nothing is marked. */
const MIN_SHARED = 0.3;

function tokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

interface Part {
  value: string[];
  changed: boolean;
}

/**
 * The longest common subsequence of two short token lists as parts of each side. A table of
 * at most 200×200 cells: cheaper than a general diff's set-up for the few tokens of a line.
 */
function lcs(a: string[], b: string[]): [Part[], Part[]] {
  const m = b.length + 1;
  const table = new Uint16Array((a.length + 1) * m);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * m + j] = a[i] === b[j]
        ? table[(i + 1) * m + j + 1]! + 1
        : Math.max(table[(i + 1) * m + j]!, table[i * m + j + 1]!);
    }
  }
  const left: Part[] = [], right: Part[] = [];
  const push = (parts: Part[], token: string, changed: boolean) => {
    const last = parts[parts.length - 1];
    if (last && last.changed === changed) last.value.push(token);
    else parts.push({ value: [token], changed });
  };
  let i = 0, j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push(left, a[i++]!, false);
      push(right, b[j++]!, false);
    } else if (
      j >= b.length || (i < a.length && table[(i + 1) * m + j]! >= table[i * m + j + 1]!)
    ) {
      push(left, a[i++]!, true);
    } else push(right, b[j++]!, true);
  }
  return [left, right];
}

function ranges(parts: Part[]): Range[] {
  const out: Range[] = [];
  let at = 0;
  for (const part of parts) {
    const len = part.value.reduce((n, t) => n + t.length, 0);
    if (part.changed && len) {
      const last = out[out.length - 1];
      if (last && last[1] === at) last[1] = at + len;
      else out.push([at, at + len]);
    }
    at += len;
  }
  return out;
}

/**
 * The changed ranges of each line, or `undefined` when the lines have too little in common for
 * word marks to help (then the whole lines read as removed and added).
 *
 * @example
 * ```ts
 * import { wordChanges } from "./_diff_words.ts";
 * const [old, neu] = wordChanges("let a = 1;", "let a = 2;")!;
 * console.assert(old[0]![0] === 8 && neu[0]![1] === 9);
 * ```
 */
export function wordChanges(oldText: string, newText: string): [Range[], Range[]] | undefined {
  if (oldText === newText) return [[], []];
  const a = tokens(oldText), b = tokens(newText);
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (
    suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]
  ) suf++;
  const midA = a.slice(pre, a.length - suf), midB = b.slice(pre, b.length - suf);
  const oldParts = [{ value: a.slice(0, pre), changed: false }];
  const newParts = [{ value: b.slice(0, pre), changed: false }];
  let shared = oldParts[0]!.value.join("").length + a.slice(a.length - suf).join("").length;
  if (midA.length && midB.length && midA.length <= MAX_TOKENS && midB.length <= MAX_TOKENS) {
    const [left, right] = lcs(midA, midB);
    oldParts.push(...left);
    newParts.push(...right);
    for (const part of left) if (!part.changed) shared += part.value.join("").length;
  } else {
    oldParts.push({ value: midA, changed: true });
    newParts.push({ value: midB, changed: true });
  }
  if (shared < MIN_SHARED * Math.max(oldText.length, newText.length)) return undefined;
  oldParts.push({ value: a.slice(a.length - suf), changed: false });
  newParts.push({ value: b.slice(b.length - suf), changed: false });
  return [ranges(oldParts), ranges(newParts)];
}
