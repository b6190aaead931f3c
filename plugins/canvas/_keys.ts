/**
 * Typed input as key names: the bytes a terminal sends for arrows, pages, Home/End and Escape
 * (normal and application cursor modes) become names; other characters stay themselves.
 *
 * @module
 */

const SEQUENCES: Readonly<Record<string, string>> = {
  "\x1b[A": "Up",
  "\x1b[B": "Down",
  "\x1b[C": "Right",
  "\x1b[D": "Left",
  "\x1bOA": "Up",
  "\x1bOB": "Down",
  "\x1bOC": "Right",
  "\x1bOD": "Left",
  "\x1b[5~": "PageUp",
  "\x1b[6~": "PageDown",
  "\x1b[H": "Home",
  "\x1b[F": "End",
  "\x1bOH": "Home",
  "\x1bOF": "End",
  "\x1b[1~": "Home",
  "\x1b[4~": "End",
  "\r": "Enter",
  "\n": "Enter",
  "\x7f": "Backspace",
  "\b": "Backspace",
};

/**
 * The keys in a chunk of typed input, in order.
 *
 * @example
 * ```ts
 * import { keysOf } from "./_keys.ts";
 * console.assert(keysOf("\x1b[Bq\x1b[5~\x1b").join() === "Down,q,PageUp,Escape");
 * ```
 */
export function keysOf(data: string): string[] {
  const keys: string[] = [];
  let i = 0;
  while (i < data.length) {
    if (data[i] === "\x1b") {
      // deno-lint-ignore no-control-regex
      const m = /^\x1b(?:\[[0-9;]*[~A-Za-z]|O[A-Za-z])/.exec(data.slice(i, i + 16));
      if (m) {
        keys.push(SEQUENCES[m[0]] ?? "Unknown");
        i += m[0].length;
      } else {
        keys.push("Escape");
        i++;
      }
      continue;
    }
    const ch = String.fromCodePoint(data.codePointAt(i)!);
    keys.push(SEQUENCES[ch] ?? ch);
    i += ch.length;
  }
  return keys;
}
