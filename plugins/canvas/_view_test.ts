import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { bodyRows, newView, press, screenOf, type View } from "./_view.ts";
import { keysOf } from "./_keys.ts";

const LINES = Array.from({ length: 50 }, (_, i) => `row ${i}${i === 30 ? " target" : ""}`);
const DOC = { lines: LINES, height: 10 };

function run(view: View, input: string): View {
  for (const key of keysOf(input)) view = press(view, key, DOC).view;
  return view;
}

Deno.test("press() scrolls by line and page and stops at both ends", () => {
  let view = run(newView(false), "\x1b[B\x1b[Bj");
  strictEqual(view.top, 3);
  view = run(view, "\x1b[6~");
  strictEqual(view.top, 3 + bodyRows(50, 10, view));
  view = run(view, "G");
  deepStrictEqual([view.top, view.follow], [41, true]);
  view = run(view, "\x1b[B");
  strictEqual(view.top, 41);
  view = run(view, "g\x1b[A\x1b[5~");
  deepStrictEqual([view.top, view.follow], [0, false]);
});

Deno.test("press() searches after / and Enter, then n wraps around; Escape cancels typing", () => {
  let view = run(newView(false), "/TARGET");
  strictEqual(view.typing, "TARGET");
  view = run(view, "\r");
  deepStrictEqual([view.top, view.typing, view.note], [30, undefined, "/TARGET: line 31"]);
  view = run(view, "n");
  strictEqual(view.top, 30, "the only match, found again after wrapping");
  view = run(view, "/zzz\r");
  strictEqual(view.note, "/zzz: not found");
  view = run(view, "/ab\x7f\x1b");
  strictEqual(view.typing, undefined);
});

Deno.test("press() closes on q, but q typed into a search is text", () => {
  ok(press(newView(false), "q", DOC).close);
  const typing = run(newView(false), "/q");
  strictEqual(typing.typing, "q");
});

Deno.test("screenOf() follows the end, and shows the status bar only when needed", () => {
  const rows = screenOf(LINES, newView(true), { width: 30, height: 10 });
  strictEqual(rows.length, 10);
  strictEqual(rows[8], "row 49");
  ok(rows[9]!.includes("42-50/50"));
  deepStrictEqual(screenOf(["a", "b"], newView(false), { width: 5, height: 3 }), ["a", "b"]);
});
