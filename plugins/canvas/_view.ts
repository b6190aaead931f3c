/**
 * What part of a rendered document a canvas shows, and how keys move it: scrolling (arrows,
 * j/k, PgUp/PgDn, space/b, g/G, Home/End), search (`/`, Enter, n/N, Escape), `q` to close.
 * A view that follows (a log) stays at the end as the document grows. Pure: no I/O.
 *
 * @module
 */

import { fit, paint, STYLE } from "./kinds/_text.ts";

/** Where a canvas is in its document. */
export interface View {
  /** The first document line shown. */
  top: number;
  /** Stay at the end when the document grows. */
  follow: boolean;
  /** The search being typed (after `/`), or undefined. */
  typing?: string;
  /** The last search given. */
  query?: string;
  /** A one-line note for the status bar (no match, …). */
  note?: string;
}

/** A fresh view: at the top, or following the end. */
export function newView(follow: boolean): View {
  return { top: follow ? Number.MAX_SAFE_INTEGER : 0, follow };
}

/** The rows the document gets: all of them, or all but the status bar. */
export function bodyRows(lineCount: number, height: number, view: View): number {
  const bar = lineCount > height || view.typing !== undefined || view.note !== undefined ||
    view.query !== undefined;
  return Math.max(1, bar ? height - 1 : height);
}

/**
 * The view after `key`, for a document of `lines`; `close` when the key asks to close.
 *
 * @example
 * ```ts
 * import { newView, press } from "./_view.ts";
 * const lines = Array.from({ length: 100 }, (_, i) => `line ${i}`);
 * const { view } = press(newView(false), "G", { lines, height: 10 });
 * console.assert(view.top === 91 && view.follow);
 * ```
 */
export function press(
  view: View,
  key: string,
  doc: { lines: readonly string[]; height: number },
): { view: View; close?: true } {
  if (view.typing !== undefined) return { view: typeSearch(view, key, doc) };
  const body = bodyRows(doc.lines.length, doc.height, view);
  const bottom = Math.max(0, doc.lines.length - body);
  const at = Math.min(view.top, bottom);
  const { note: _n, ...rest } = view;
  const to = (top: number): View => {
    const clamped = Math.max(0, Math.min(top, bottom));
    return { ...rest, top: clamped, follow: clamped >= bottom };
  };
  switch (key) {
    case "q":
      return { view, close: true };
    case "Up":
    case "k":
      return { view: to(at - 1) };
    case "Down":
    case "j":
    case "Enter":
      return { view: to(at + 1) };
    case "PageUp":
    case "b":
      return { view: to(at - body) };
    case "PageDown":
    case " ":
      return { view: to(at + body) };
    case "g":
    case "Home":
      return { view: to(0) };
    case "G":
    case "End":
      return { view: to(bottom) };
    case "/":
      return { view: { ...rest, top: at, typing: "" } };
    case "n":
    case "N":
      return { view: find({ ...rest, top: at }, doc.lines, key === "n" ? 1 : -1, bottom) };
    case "Escape":
      return { view: { top: at, follow: view.follow } };
    default:
      return { view };
  }
}

function typeSearch(view: View, key: string, doc: { lines: readonly string[]; height: number }) {
  const typing = view.typing ?? "";
  if (key === "Escape") {
    const { typing: _t, ...rest } = view;
    return rest;
  }
  if (key === "Backspace") return { ...view, typing: typing.slice(0, -1) };
  if (key === "Enter") {
    const { typing: _t, ...rest } = view;
    if (!typing) return rest;
    const bottom = Math.max(0, doc.lines.length - bodyRows(doc.lines.length, doc.height, rest));
    return find(
      { ...rest, query: typing, top: Math.min(view.top, bottom) - 1 },
      doc.lines,
      1,
      bottom,
    );
  }
  return [...key].length === 1 && key >= " " ? { ...view, typing: typing + key } : view;
}

/** The view moved to the next (or previous) line holding the query, wrapping around. */
function find(view: View, lines: readonly string[], step: 1 | -1, bottom: number): View {
  const query = view.query?.toLowerCase();
  if (!query) return { ...view, top: Math.max(0, view.top), note: "no search: type / first" };
  const n = lines.length;
  for (let k = 1; k <= n; k++) {
    const i = (((view.top + step * k) % n) + n) % n;
    if (plain(lines[i]!).toLowerCase().includes(query)) {
      return {
        ...view,
        top: Math.min(i, bottom),
        follow: false,
        note: `/${view.query}: line ${i + 1}`,
      };
    }
  }
  return {
    ...view,
    top: Math.max(0, Math.min(view.top, bottom)),
    note: `/${view.query}: not found`,
  };
}

// deno-lint-ignore no-control-regex
const SGR = /\x1b\[[0-9;:]*m/g;

function plain(line: string): string {
  return line.replace(SGR, "");
}

/**
 * The rows to draw: the lines the view shows, and a status bar when the document does not fit
 * or a search is on.
 *
 * @example
 * ```ts
 * import { newView, screenOf } from "./_view.ts";
 * const rows = screenOf(["a", "b", "c"], newView(false), { width: 20, height: 2 });
 * console.assert(rows.length === 2 && rows[0] === "a" && rows[1]!.includes("1-1/3"));
 * ```
 */
export function screenOf(
  lines: readonly string[],
  view: View,
  size: { width: number; height: number },
): string[] {
  const body = bodyRows(lines.length, size.height, view);
  const bottom = Math.max(0, lines.length - body);
  const top = view.follow ? bottom : Math.max(0, Math.min(view.top, bottom));
  const rows = lines.slice(top, top + body).map((l) => fit(l, size.width));
  if (body === size.height) return rows;
  while (rows.length < body) rows.push("");
  const where = `${lines.length ? top + 1 : 0}-${
    Math.min(top + body, lines.length)
  }/${lines.length}`;
  const left = view.typing !== undefined ? `/${view.typing}▏` : view.note ?? "";
  const help = "↑↓ PgUp/PgDn g/G / n q";
  const text = ` ${where}${left ? "  " + left : ""}  ${help}`;
  rows.push(paint(STYLE.inverse, fit(text, size.width).padEnd(size.width)));
  return rows;
}
