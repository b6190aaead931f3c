import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { type ScrollBuffer, ScrollView } from "./scroll.ts";

function buffer(lines: string[], rows: number): ScrollBuffer {
  return { baseY: Math.max(0, lines.length - rows), rows, lineText: (i) => lines[i] ?? "" };
}

Deno.test("ScrollView moves by lines, pages and to either end, within the history", () => {
  const lines = Array.from({ length: 50 }, (_, i) => `line ${i}`);
  const b = buffer(lines, 10);
  const view = new ScrollView("p1", b.baseY);
  view.act("line-up", b);
  assertEquals(view.top(b), 39);
  view.act("page-up", b);
  assertEquals(view.top(b), 30);
  view.act("top", b);
  assertEquals(view.top(b), 0);
  view.act("page-up", b);
  assertEquals(view.top(b), 0);
  view.act("bottom", b);
  assertEquals(view.offset, 0);
  assertEquals(view.act("exit", b), false);
});

Deno.test("ScrollView keeps its lines in view while output arrives", () => {
  const lines = Array.from({ length: 50 }, (_, i) => `line ${i}`);
  const view = new ScrollView("p1", 40);
  view.scroll(5, buffer(lines, 10));
  lines.push("new 1", "new 2", "new 3");
  assertEquals(view.top(buffer(lines, 10)), 35);
});

Deno.test("ScrollView searches older and newer, case-insensitively for lowercase terms", () => {
  const lines = Array.from({ length: 100 }, (_, i) => (i % 30 === 5 ? `ERROR at ${i}` : `ok ${i}`));
  const b = buffer(lines, 10);
  const view = new ScrollView("p1", b.baseY);
  assertEquals(view.search("error", b), true);
  assertEquals(view.match, { line: 95, col: 0, length: 5 });
  view.act("search-next", b);
  assertEquals(view.match?.line, 65);
  assertEquals(view.top(b) <= 65 && 65 < view.top(b) + 10, true);
  view.act("search-next", b);
  assertEquals(view.match?.line, 35);
  view.act("search-previous", b);
  assertEquals(view.match?.line, 65);
  assertEquals(view.search("Error", b), false);
});
