/**
 * GFM tables for the markdown kind: columns fitted to the width, cells wrapped, aligned.
 *
 * @module
 */

import type { Tokens } from "marked";
import { inlineSpans } from "./_md_inline.ts";
import { cells, Row } from "./_row.ts";
import { type Span, wrapSpans } from "./_wrap.ts";

const GAP = " │ ";

function spanWidth(spans: Span[]): number {
  return spans.reduce((n, s) => n + cells(s.text), 0);
}

/** Column widths: natural widths, the widest cut down evenly until the row fits. */
function fit(natural: number[], room: number): number[] {
  if (natural.reduce((a, b) => a + b, 0) <= room) return natural;
  let lo = 1, hi = Math.max(...natural);
  while (lo < hi) {
    const cap = Math.ceil((lo + hi) / 2);
    const total = natural.reduce((n, w) => n + Math.min(w, cap), 0);
    if (total <= room) lo = cap;
    else hi = cap - 1;
  }
  return natural.map((w) => Math.max(1, Math.min(w, lo)));
}

function line(
  row: Span[][][],
  at: number,
  widths: number[],
  align: (string | null)[],
  width: number,
  sgr: string,
): string {
  const out = new Row(width);
  row.forEach((cellLines, c) => {
    if (c > 0) out.add(GAP, "2");
    const spans = cellLines[at] ?? [];
    const pad = widths[c]! - spanWidth(spans);
    const left = align[c] === "right" ? pad : align[c] === "center" ? pad >> 1 : 0;
    out.add(" ".repeat(Math.max(0, left)));
    for (const s of spans) out.add(s.text, sgr && s.sgr ? `${sgr};${s.sgr}` : sgr || s.sgr);
    if (c < row.length - 1) out.add(" ".repeat(Math.max(0, pad - left)));
  });
  return out.toString();
}

/**
 * A table token as lines at most `width` cells wide.
 *
 * @example
 * ```ts
 * import { Lexer, type Tokens } from "marked";
 * import { mdTable } from "./_md_table.ts";
 * const [t] = Lexer.lex("| a | b |\n|---|---|\n| 1 | 2 |\n");
 * console.assert(mdTable(t as Tokens.Table, 40).length === 3);
 * ```
 */
export function mdTable(token: Tokens.Table, width: number): string[] {
  const header = token.header.map((c) => inlineSpans(c.tokens, ""));
  const rows = token.rows.map((r) => r.map((c) => inlineSpans(c.tokens, "")));
  const n = header.length;
  const natural = header.map((h, c) =>
    Math.max(1, spanWidth(h), ...rows.map((r) => spanWidth(r[c] ?? [])))
  );
  const widths = fit(natural, Math.max(n, width - GAP.length * (n - 1)));
  const wrapRow = (r: Span[][]) => widths.map((w, c) => wrapSpans(r[c] ?? [], w));
  const draw = (r: Span[][], sgr: string) => {
    const wrapped = wrapRow(r);
    const height = Math.max(...wrapped.map((l) => l.length));
    return Array.from(
      { length: height },
      (_, i) => line(wrapped, i, widths, token.align, width, sgr),
    );
  };
  const rule = new Row(width).add(widths.map((w) => "─".repeat(w)).join("─┼─"), "2").toString();
  return [...draw(header, "1"), rule, ...rows.flatMap((r) => draw(r, ""))];
}
