/**
 * `log`: a log file's lines, each coloured by its level (error, warn, info, debug), with the
 * matches of `highlight` marked and, with `filter`, only the lines that match it. Regexes are
 * the user's: matched by RE2 in linear time. The canvas follows the end of the file.
 *
 * @module
 */

import {
  compileUserRegex,
  loadUserRegex,
  type UserRegex,
} from "../../../protocols/bus/user_regex.ts";
import type { RenderInput, RenderOutput } from "./types.ts";
import { fit, inert, paint, STYLE } from "./_text.ts";
import { header } from "./_header.ts";

// A log's `filter` and `highlight` are user regexes, matched as it draws.
await loadUserRegex();

const LEVELS: readonly (readonly [RegExp, string])[] = [
  [/\b(FATAL|PANIC|CRIT(ICAL)?|ERR(OR)?)\b/i, STYLE.red],
  [/\bWARN(ING)?\b/i, STYLE.yellow],
  [/\bINFO\b/i, ""],
  [/\b(DEBUG|TRACE)\b/i, STYLE.gray],
];

/**
 * Renders log text.
 *
 * @example
 * ```ts
 * import { renderLog } from "./log.ts";
 * const { lines } = renderLog({ content: "a\nERROR b\n", width: 40, height: 5 });
 * console.assert(lines.length === 4 && lines[3]!.includes("\x1b[31m"));
 * ```
 */
export function renderLog(input: RenderInput): RenderOutput {
  const options = input.options ?? {};
  const flags = options.ignoreCase === true ? "i" : "";
  const filter = regexOption(options.filter, flags);
  const highlight = regexOption(options.highlight, flags);
  const all = input.content.split("\n");
  if (all.at(-1) === "") all.pop();
  const kept = filter ? all.filter((line) => filter.exec(line) !== null) : all;
  const facts = [
    filter ? `${kept.length} of ${all.length} lines match /${filter.source}/` : count(all.length),
    ...(highlight ? [`highlight /${highlight.source}/`] : []),
  ];
  const lines = kept.map((raw) => fit(styleLine(inert(raw), highlight), input.width));
  return { lines: [...header(input, "log", facts), ...lines] };
}

function styleLine(line: string, highlight: UserRegex | undefined): string {
  const level = LEVELS.find(([re]) => re.test(line))?.[1] ?? "";
  const parts = highlight ? marks(line, highlight) : [{ text: line, hit: false }];
  return parts.map(({ text, hit }) =>
    hit ? paint([STYLE.inverse, STYLE.yellow], text) : level ? paint(level, text) : text
  ).join("");
}

/** `line` split into the stretches `re` matches and those between. */
function marks(line: string, re: UserRegex): { text: string; hit: boolean }[] {
  const parts: { text: string; hit: boolean }[] = [];
  let rest = line;
  for (let guard = 0; rest && guard < 1000; guard++) {
    const m = re.exec(rest);
    if (!m || m.text === "") break;
    if (m.index > 0) parts.push({ text: rest.slice(0, m.index), hit: false });
    parts.push({ text: m.text, hit: true });
    rest = rest.slice(m.index + m.text.length);
  }
  if (rest) parts.push({ text: rest, hit: false });
  return parts;
}

function regexOption(value: unknown, flags: string): UserRegex | undefined {
  return typeof value === "string" && value !== "" ? compileUserRegex(value, flags) : undefined;
}

function count(n: number): string {
  return `${n} line${n === 1 ? "" : "s"}`;
}
