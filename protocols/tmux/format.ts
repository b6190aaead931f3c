/**
 * tmux's format language, the subset scripts and Claude Code use: `#{var}`, `#{?cond,a,b}`,
 * `#{==:a,b}`, `#{!=:a,b}`, `#{=N:var}` (and `=-N`), `##`, and the one-letter aliases.
 *
 * @module
 */

/** Values a format reads, by tmux variable name (`pane_id`, `window_index`, …). */
export type FormatVars = Readonly<Record<string, string | number | boolean | undefined>>;

const ALIASES: Record<string, string> = {
  D: "pane_id",
  P: "pane_index",
  T: "pane_title",
  S: "session_name",
  I: "window_index",
  W: "window_name",
  H: "host",
  h: "host_short",
};

function lookup(vars: FormatVars, name: string): string {
  const v = vars[name];
  if (v === undefined) return "";
  if (typeof v === "boolean") return v ? "1" : "0";
  return String(v);
}

/** tmux's truth: set, not empty and not "0". */
function truthy(s: string): boolean {
  return s !== "" && s !== "0";
}

/** Index of the `}` closing the `#{` whose body starts at `from`, or -1. */
function closing(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    if (text[i] === "#" && text[i + 1] === "{") {
      depth++;
      i++;
    } else if (text[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

/** Splits on commas outside nested `#{…}` (and not escaped as `#,`). */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "#" && text[i + 1] === "{") {
      depth++;
      i++;
    } else if (c === "#" && (text[i + 1] === "," || text[i + 1] === "#")) i++;
    else if (c === "}" && depth > 0) depth--;
    else if (c === "," && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function evalBody(body: string, vars: FormatVars): string {
  if (body.startsWith("?")) {
    const [cond = "", a = "", b = ""] = splitTop(body.slice(1));
    const c = cond.includes("#{") ? expandFormat(cond, vars) : lookup(vars, cond);
    return expandFormat(truthy(c) ? a : b, vars);
  }
  const cmp = /^(==|!=):/.exec(body);
  if (cmp) {
    const [a = "", b = ""] = splitTop(body.slice(3)).map((p) => expandFormat(p, vars));
    return (a === b) === (cmp[1] === "==") ? "1" : "0";
  }
  const trim = /^=(-?\d+):/.exec(body);
  if (trim) {
    const n = Number(trim[1]);
    const rest = body.slice(trim[0].length);
    const value = rest.includes("#{") ? expandFormat(rest, vars) : lookup(vars, rest);
    const chars = [...value];
    return (n >= 0 ? chars.slice(0, n) : chars.slice(n)).join("");
  }
  return lookup(vars, body);
}

/**
 * Expands a tmux format with these variables; unknown variables expand to nothing, as in tmux.
 *
 * @example
 * ```ts
 * import { expandFormat } from "./format.ts";
 * expandFormat("#{session_name}:#{window_index}", { session_name: "s", window_index: 0 }); // "s:0"
 * ```
 */
export function expandFormat(format: string, vars: FormatVars): string {
  let out = "";
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (c !== "#" || i + 1 >= format.length) {
      out += c;
      continue;
    }
    const next = format[i + 1]!;
    if (next === "{") {
      const end = closing(format, i + 2);
      if (end < 0) return out + format.slice(i);
      out += evalBody(format.slice(i + 2, end), vars);
      i = end;
    } else if (next === "#" || next === ",") {
      out += next;
      i++;
    } else if (ALIASES[next]) {
      out += lookup(vars, ALIASES[next]);
      i++;
    } else out += c;
  }
  return out;
}
