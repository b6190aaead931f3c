/**
 * Regular expressions that come from a user or an agent (`pane.wait {regex: true}`, …) are
 * matched by RE2 (the `re2js` port), in time linear in the text: a pattern such as `(a+)+$`
 * cannot stall the server the way a backtracking `RegExp` does. The dialect is JavaScript's
 * as far as RE2 can match it in linear time; backreferences and lookaround are refused.
 *
 * @module
 */

import type { RE2JS } from "re2js";
import { WeftError } from "./errors.ts";

/** RE2, once {@link loadUserRegex} loaded it: a server that matches no regex never does. */
let re2: typeof RE2JS | undefined;

/** A match: where it starts (UTF-16 index, as `RegExp` counts) and the matched text. */
export interface UserRegexMatch {
  index: number;
  text: string;
}

/** A compiled user regex. */
export interface UserRegex {
  /** The pattern as the user wrote it. */
  readonly source: string;
  /** The leftmost match in `text`, or null. Linear in `text.length`. */
  exec(text: string): UserRegexMatch | null;
}

/**
 * Loads the regex engine (once; at once after that). {@link compileUserRegex} needs it: RE2's
 * port is ~260 KB of source that a server which matches no user regex never parses.
 *
 * @example
 * ```ts
 * import { compileUserRegex, loadUserRegex } from "./user_regex.ts";
 * await loadUserRegex();
 * console.assert(compileUserRegex("a+").exec("caat")?.text === "aa");
 * ```
 */
export async function loadUserRegex(): Promise<void> {
  re2 ??= (await import("re2js")).RE2JS;
}

const FLAGS: Record<string, "CASE_INSENSITIVE" | "MULTILINE" | "DOTALL"> = {
  i: "CASE_INSENSITIVE",
  m: "MULTILINE",
  s: "DOTALL",
};

/**
 * Compiles a user-supplied pattern; `flags` are JavaScript's `i`, `m` and `s`.
 * Throws `INVALID_INPUT` for bad syntax and for what RE2 cannot match in linear time, and a
 * `TypeError` before {@link loadUserRegex} has loaded the engine.
 *
 * @example
 * ```ts
 * import { compileUserRegex, loadUserRegex } from "./user_regex.ts";
 * await loadUserRegex();
 * const re = compileUserRegex("(a+)+$", "m");
 * console.assert(re.exec("a".repeat(27) + "!") === null); // at once, not after seconds
 * console.assert(compileUserRegex("err(or)?: \\d+").exec("x error: 42")?.text === "error: 42");
 * ```
 */
export function compileUserRegex(source: string, flags = ""): UserRegex {
  const RE2 = re2;
  if (!RE2) throw new TypeError("Cannot compile a user regex before loadUserRegex()");
  let bits = 0;
  for (const flag of flags) {
    const bit = FLAGS[flag];
    if (bit === undefined) throw new TypeError(`Cannot compile a user regex with flag "${flag}"`);
    bits |= RE2[bit];
  }
  const refused = unsupported(source);
  if (refused) {
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot use regex ${JSON.stringify(clip(source))}: ${refused} is not supported ` +
        "(weft matches regexes in linear time, RE2 syntax: no backreferences, no lookaround)",
    );
  }
  let compiled: RE2JS;
  try {
    compiled = RE2.compile(RE2.translateRegExp(source), bits);
  } catch (err) {
    const reason = (err as Error).message.replace(/^error parsing regexp: /, "");
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot use regex ${JSON.stringify(clip(source))}: ${reason}`,
    );
  }
  return {
    source,
    exec(text) {
      const m = compiled.matcher(text);
      return m.find() ? { index: m.start(), text: m.group() ?? "" } : null;
    },
  };
}

/**
 * The first construct RE2 cannot match in linear time, outside character classes. Checked on
 * the source because the JavaScript-to-RE2 translation would silently turn `\k<name>` into
 * the literal `k<name>`.
 */
function unsupported(source: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      const next = source[i + 1] ?? "";
      if (!inClass && next >= "1" && next <= "9") return `the backreference \\${next}`;
      if (!inClass && next === "k" && source[i + 2] === "<") return "the backreference \\k<…>";
      i++;
    } else if (inClass) {
      if (c === "]") inClass = false;
    } else if (c === "[") {
      inClass = true;
    } else if (c === "(" && source[i + 1] === "?") {
      const kind = source.slice(i + 2, i + 4);
      if (kind[0] === "=" || kind[0] === "!") return `the lookahead (?${kind[0]}`;
      if (kind === "<=" || kind === "<!") return `the lookbehind (?${kind}`;
    }
  }
  return undefined;
}

function clip(source: string): string {
  return source.length > 80 ? `${source.slice(0, 77)}…` : source;
}
