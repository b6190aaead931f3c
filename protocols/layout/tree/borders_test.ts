import { deepStrictEqual } from "node:assert/strict";
import { h, p, v } from "./_testing.ts";
import { borders } from "./borders.ts";

Deno.test("borders() lists a full-height line for a horizontal split", () => {
  deepStrictEqual(borders(h([0.5, p("a")], [0.5, p("b")]), { cols: 81, rows: 24 }), [
    { x: 40, y: 0, cols: 1, rows: 24, direction: "horizontal" },
  ]);
});

Deno.test("borders() lists nested lines within their split's rect", () => {
  const tree = h([0.5, p("a")], [0.5, v([0.5, p("b")], [0.5, p("c")])]);
  deepStrictEqual(borders(tree, { cols: 81, rows: 25 }), [
    { x: 40, y: 0, cols: 1, rows: 25, direction: "horizontal" },
    { x: 41, y: 12, cols: 40, rows: 1, direction: "vertical" },
  ]);
});

Deno.test("borders() is empty for a single pane", () => {
  deepStrictEqual(borders(p("a"), { cols: 10, rows: 10 }), []);
});
