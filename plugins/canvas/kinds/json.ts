/**
 * `json`: a JSON document pretty-printed and coloured, levels past `fold` folded to a count,
 * optionally only the value at a path (`at: "a.b[0]"`), which the header shows.
 *
 * @module
 */

import { WeftError } from "@weft/weft/plugin";
import type { RenderInput, RenderOutput } from "./types.ts";
import { fit, inert, paint, STYLE } from "./_text.ts";
import { header } from "./_header.ts";

/** Levels shown open by default; deeper objects and arrays show as a count. */
const FOLD = 4;
/** Items shown of one object or array; the rest is counted. */
const MAX_ITEMS = 500;

/**
 * Renders JSON text.
 *
 * @example
 * ```ts
 * import { renderJson } from "./json.ts";
 * const { lines } = renderJson({ content: '{"a":[1,2]}', width: 40, height: 10 });
 * console.assert(lines.length === 8);
 * ```
 */
export function renderJson(input: RenderInput): RenderOutput {
  let value: unknown;
  try {
    value = JSON.parse(input.content);
  } catch (err) {
    throw new WeftError("INVALID_INPUT", `Cannot parse JSON: ${(err as Error).message}`);
  }
  const fold = numberOption(input.options?.fold, FOLD);
  const at = typeof input.options?.at === "string" ? input.options.at : "";
  const { value: shown, path } = select(value, at);
  const out: string[] = [];
  emit(shown, { indent: 0, depth: 0, fold, prefix: "", last: true }, out);
  const lines = out.map((line) => fit(line, input.width));
  return { lines: [...header(input, "JSON", [path, describe(shown)]), ...lines] };
}

interface Place {
  indent: number;
  depth: number;
  fold: number;
  /** What comes before the value on its line: a coloured key and `: `. */
  prefix: string;
  last: boolean;
}

function emit(value: unknown, place: Place, out: string[]): void {
  const pad = "  ".repeat(place.indent);
  const comma = place.last ? "" : ",";
  if (value === null || typeof value !== "object") {
    out.push(pad + place.prefix + scalar(value) + comma);
    return;
  }
  const array = Array.isArray(value);
  const entries: [string, unknown][] = array
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value as Record<string, unknown>);
  const [open, close] = array ? ["[", "]"] : ["{", "}"];
  if (entries.length === 0) {
    out.push(pad + place.prefix + open + close + comma);
    return;
  }
  if (place.depth >= place.fold) {
    const what = count(entries.length, array ? "item" : "key");
    out.push(pad + place.prefix + open + paint(STYLE.gray, `…${what}`) + close + comma);
    return;
  }
  out.push(pad + place.prefix + open);
  const shown = entries.slice(0, MAX_ITEMS);
  shown.forEach(([key, child], i) => {
    const prefix = array ? "" : paint(STYLE.blue, JSON.stringify(inert(key))) + ": ";
    const last = i === shown.length - 1 && shown.length === entries.length;
    emit(child, { ...place, indent: place.indent + 1, depth: place.depth + 1, prefix, last }, out);
  });
  if (shown.length < entries.length) {
    out.push(pad + "  " + paint(STYLE.gray, `… ${entries.length - shown.length} more`));
  }
  out.push(pad + close + comma);
}

function scalar(value: unknown): string {
  if (value === null) return paint(STYLE.gray, "null");
  if (typeof value === "string") return paint(STYLE.green, JSON.stringify(inert(value)));
  if (typeof value === "number") return paint(STYLE.yellow, String(value));
  return paint(STYLE.magenta, String(value));
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return `array of ${value.length}`;
  if (value !== null && typeof value === "object") return count(Object.keys(value).length, "key");
  return value === null ? "null" : typeof value;
}

/** The value at `at` (`a.b[0]`, `$.a`, `["a key"]`) and the path as the header shows it. */
function select(root: unknown, at: string): { value: unknown; path: string } {
  const steps = parsePath(at);
  let value = root;
  let path = "$";
  for (const step of steps) {
    const has = value !== null && typeof value === "object" && Object.hasOwn(value, step);
    if (!has) {
      throw new WeftError("INVALID_INPUT", `Cannot find ${path}${show(step)} in the JSON`);
    }
    value = (value as Record<string, unknown>)[step];
    path += show(step);
  }
  return { value, path };
}

function show(step: string): string {
  return /^\d+$/.test(step)
    ? `[${step}]`
    : /^[A-Za-z_$][\w$]*$/.test(step)
    ? `.${step}`
    : `[${JSON.stringify(step)}]`;
}

function parsePath(at: string): string[] {
  const steps: string[] = [];
  const re = /\.?([A-Za-z_$][\w$-]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/y;
  let i = at.startsWith("$") ? 1 : 0;
  while (i < at.length) {
    re.lastIndex = i;
    const m = re.exec(at);
    if (!m) {
      throw new WeftError("INVALID_INPUT", `Cannot read JSON path "${at}" at "${at.slice(i)}"`);
    }
    steps.push(m[1] ?? m[2] ?? JSON.parse(`"${m[3]}"`));
    i = re.lastIndex;
  }
  return steps;
}

function numberOption(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : fallback;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
