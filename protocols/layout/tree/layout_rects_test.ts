import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
import { h, p, tilingProblem, v } from "./_testing.ts";
import { layoutRects } from "./layout_rects.ts";

Deno.test("layoutRects() gives a single pane the whole window", () => {
  deepStrictEqual(
    [...layoutRects(p("a"), { cols: 80, rows: 24 })],
    [["a", { x: 0, y: 0, cols: 80, rows: 24 }]],
  );
});

Deno.test("layoutRects() leaves one border cell between side-by-side panes", () => {
  const rects = layoutRects(h([0.5, p("a")], [0.5, p("b")]), { cols: 81, rows: 24 });
  deepStrictEqual(rects.get("a"), { x: 0, y: 0, cols: 40, rows: 24 });
  deepStrictEqual(rects.get("b"), { x: 41, y: 0, cols: 40, rows: 24 });
});

Deno.test("layoutRects() stacks panes of a vertical split with a border row", () => {
  const rects = layoutRects(v([0.25, p("a")], [0.75, p("b")]), { cols: 80, rows: 25 });
  deepStrictEqual(rects.get("a"), { x: 0, y: 0, cols: 80, rows: 6 });
  deepStrictEqual(rects.get("b"), { x: 0, y: 7, cols: 80, rows: 18 });
});

Deno.test("layoutRects() rounds from cumulative ratios so thirds tile exactly", () => {
  const tree = h([1 / 3, p("a")], [1 / 3, p("b")], [1 / 3, p("c")]);
  for (let cols = 3; cols < 200; cols++) {
    strictEqual(tilingProblem(tree, { cols, rows: 3 }), undefined, `cols ${cols}`);
  }
  const rects = layoutRects(tree, { cols: 100, rows: 1 });
  deepStrictEqual([...rects.values()].map((r) => r.cols), [33, 32, 33]);
});

Deno.test("layoutRects() keeps every pane at least 1×1 when the window is big enough", () => {
  const tree = h([0.98, p("a")], [0.01, p("b")], [0.01, v([0.5, p("c")], [0.5, p("d")])]);
  const rects = layoutRects(tree, { cols: 10, rows: 3 });
  for (const [pane, r] of rects) strictEqual(r.cols >= 1 && r.rows >= 1, true, pane);
  strictEqual(tilingProblem(tree, { cols: 10, rows: 3 }), undefined);
});

Deno.test("layoutRects() squeezes trailing panes to nothing when the window is too small", () => {
  const tree = h([0.25, p("a")], [0.25, p("b")], [0.25, p("c")], [0.25, p("d")]);
  const rects = layoutRects(tree, { cols: 4, rows: 2 });
  deepStrictEqual(rects.get("a"), { x: 0, y: 0, cols: 1, rows: 2 });
  deepStrictEqual(rects.get("b"), { x: 2, y: 0, cols: 2, rows: 2 });
  strictEqual(rects.get("c")!.cols, 0);
  strictEqual(rects.get("d")!.cols, 0);
  for (const cols of [0, 1, 2, 3, 4, 5, 6]) {
    for (const rows of [0, 1, 2]) strictEqual(tilingProblem(tree, { cols, rows }), undefined);
  }
});

Deno.test("layoutRects() refuses sizes that are not integers >= 0", () => {
  throws(() => layoutRects(p("a"), { cols: -1, rows: 1 }), RangeError);
  throws(() => layoutRects(p("a"), { cols: 1.5, rows: 1 }), RangeError);
});
