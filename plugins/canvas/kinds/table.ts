/**
 * `table`: CSV, TSV or a JSON array of objects as a table whose columns fit the width: each
 * column as wide as its widest cell until the total is too wide, then the widest columns give
 * way first; numbers right-aligned; columns that still do not fit are counted in the header.
 *
 * @module
 */

import { WeftError } from "@weft/weft/plugin";
import type { RenderInput, RenderOutput } from "./types.ts";
import { cells, inert, pad, paint, STYLE } from "./_text.ts";
import { header } from "./_header.ts";
import { parseDelimited } from "./_csv.ts";

/** Rows read at most (the rest are counted). */
const MAX_ROWS = 20_000;
/** The narrowest a column gets before columns are dropped. */
const MIN_COL = 4;
const GAP = " │ ";

type Format = "csv" | "tsv" | "json";

/**
 * Renders a table.
 *
 * @example
 * ```ts
 * import { renderTable } from "./table.ts";
 * const { lines } = renderTable({ content: "a,b\n1,2\n", width: 40, height: 5 });
 * console.assert(lines.length === 5);
 * ```
 */
export function renderTable(input: RenderInput): RenderOutput {
  const format = formatOf(input);
  const { head, rows, total } = format === "json" ? fromJson(input.content) : fromDelimited(
    input.content,
    format === "tsv" ? "\t" : ",",
  );
  const widths = fitWidths(head, rows, input.width);
  const shown = widths.length;
  const numeric = head.map((_, c) => rows.length > 0 && rows.every((r) => isNumber(r[c] ?? "")));
  const line = (cellsOf: string[], style?: string) =>
    widths.map((w, c) => {
      const text = pad(cellsOf[c] ?? "", w, numeric[c] && !style ? "right" : "left");
      return style ? paint(style, text) : text;
    }).join(paint(STYLE.gray, GAP));
  const facts = [
    `${format.toUpperCase()} · ${total} row${total === 1 ? "" : "s"}`,
    ...(shown < head.length ? [`${head.length - shown} more columns`] : []),
    ...(rows.length < total ? [`first ${rows.length} shown`] : []),
  ];
  const rule = widths.map((w) => "─".repeat(w)).join("─┼─");
  return {
    lines: [
      ...header(input, "table", facts),
      line(head, STYLE.bold),
      paint(STYLE.gray, rule),
      ...rows.map((r) => line(r)),
    ],
  };
}

function formatOf(input: RenderInput): Format {
  const given = input.options?.format;
  if (given === "csv" || given === "tsv" || given === "json") return given;
  const ext = input.path?.toLowerCase().match(/\.(csv|tsv|tab|json)$/)?.[1];
  if (ext) return ext === "tab" ? "tsv" : ext as Format;
  const first = input.content.trimStart()[0];
  if (first === "[") return "json";
  return (input.content.split("\n", 1)[0] ?? "").includes("\t") ? "tsv" : "csv";
}

function fromDelimited(text: string, delimiter: string) {
  let records: string[][];
  try {
    records = parseDelimited(text, delimiter, MAX_ROWS + 1);
  } catch (err) {
    throw new WeftError("INVALID_INPUT", `Cannot parse the table: ${(err as Error).message}`);
  }
  if (!records.length) throw new WeftError("INVALID_INPUT", "Cannot show a table: it is empty");
  const head = records[0]!.map((h) => inert(h));
  const rows = records.slice(1).map((r) => r.map((c) => inert(c)));
  const total = rows.length < MAX_ROWS ? rows.length : countLines(text) - 1;
  return { head, rows: rows.slice(0, MAX_ROWS), total };
}

function fromJson(text: string) {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new WeftError("INVALID_INPUT", `Cannot parse JSON: ${(err as Error).message}`);
  }
  const ok = Array.isArray(value) &&
    value.every((v) => v !== null && typeof v === "object" && !Array.isArray(v));
  if (!ok) {
    throw new WeftError(
      "INVALID_INPUT",
      "Cannot show a table: the JSON is not an array of objects",
    );
  }
  const list = value as Record<string, unknown>[];
  const head = [...new Set(list.flatMap((o) => Object.keys(o)))];
  const rows = list.slice(0, MAX_ROWS).map((o) =>
    head.map((k) => (Object.hasOwn(o, k) ? cellText(o[k]) : ""))
  );
  return { head: head.map((h) => inert(h)), rows, total: list.length };
}

function cellText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return inert(typeof value === "string" ? value : JSON.stringify(value));
}

/** Column widths that fit `width`: fewer columns when even the narrowest do not fit. */
function fitWidths(head: string[], rows: string[][], width: number): number[] {
  const natural = head.map((h, c) => {
    let w = cells(h);
    for (const r of rows) w = Math.max(w, cells(r[c] ?? ""));
    return Math.max(1, w);
  });
  let widths = [...natural];
  const total = () => widths.reduce((a, b) => a + b, 0) + GAP.length * (widths.length - 1);
  while (widths.length > 1 && widths.length * MIN_COL + GAP.length * (widths.length - 1) > width) {
    widths.pop();
  }
  while (total() > width) {
    const widest = Math.max(...widths);
    if (widest <= MIN_COL) break;
    const i = widths.indexOf(widest);
    const second = Math.max(MIN_COL, ...widths.filter((_, j) => j !== i));
    widths[i] = Math.max(second, widest - (total() - width));
    if (widths[i] === widest) widths[i] = widest - 1;
  }
  if (total() > width) widths = [Math.max(1, width)];
  return widths;
}

function isNumber(text: string): boolean {
  return text === "" || /^-?\d+(\.\d+)?([eE][-+]?\d+)?%?$/.test(text.trim());
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return n + (text.endsWith("\n") ? 0 : 1);
}
