/**
 * Did-you-mean suggestions for unknown names.
 *
 * @module
 */

/** Levenshtein distance between two strings. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

/**
 * The known names closest to `name`, best first: prefix matches, then names within a small
 * edit distance.
 *
 * @example
 * ```ts
 * import { suggest } from "./suggest.ts";
 * console.assert(suggest("pane.craete", ["pane.create", "pane.close"])[0] === "pane.create");
 * ```
 */
export function suggest(name: string, known: Iterable<string>, max = 3): string[] {
  const limit = Math.max(2, Math.floor(name.length / 3));
  const scored: [number, string][] = [];
  for (const k of known) {
    if (k.startsWith(name) || name.startsWith(k)) scored.push([0, k]);
    else {
      const d = editDistance(name, k);
      if (d <= limit) scored.push([d, k]);
    }
  }
  scored.sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
  return scored.slice(0, max).map(([, k]) => k);
}

/**
 * `"; did you mean "x"?"`, or for a dotted name with no near miss the names that share its
 * owner (`hello.nope` → `hello.greet`, `hello.shout`), or the empty string.
 */
export function didYouMean(name: string, known: Iterable<string>): string {
  const all = [...known];
  let s = suggest(name, all);
  const dot = name.indexOf(".");
  if (!s.length && dot > 0) {
    s = all.filter((k) => k.startsWith(name.slice(0, dot + 1))).sort().slice(0, 5);
  }
  return s.length ? `; did you mean ${s.map((x) => `"${x}"`).join(" or ")}?` : "";
}
