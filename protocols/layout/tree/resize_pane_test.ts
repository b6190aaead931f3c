import { deepStrictEqual, ok, strictEqual, throws } from "node:assert/strict";
import { WeftError } from "../../bus/errors.ts";
import { h, p, v } from "./_testing.ts";
import { layoutRects } from "./layout_rects.ts";
import { resizePane, resizePaneCells } from "./resize_pane.ts";
import { MIN_RATIO } from "./types.ts";

const near = (a: number, b: number) => ok(Math.abs(a - b) < 1e-9, `${a} is not ${b}`);
const ratios = (node: ReturnType<typeof h>) =>
  node.type === "split" ? node.children.map((c) => c.ratio) : [];

Deno.test("resizePane() grows a pane by taking from the next sibling", () => {
  const tree = h([0.3, p("a")], [0.3, p("b")], [0.4, p("c")]);
  const out = ratios(resizePane(tree, "b", { direction: "horizontal", delta: 0.1 }));
  [0.3, 0.4, 0.3].forEach((r, i) => near(out[i]!, r));
});

Deno.test("resizePane() spills over to further siblings, then earlier ones", () => {
  const tree = h([0.3, p("a")], [0.3, p("b")], [0.4, p("c")]);
  const out = ratios(resizePane(tree, "c", { direction: "horizontal", delta: 0.2 }));
  [0.3, 0.1, 0.6].forEach((r, i) => near(out[i]!, r));
});

Deno.test("resizePane() shrinks a pane into its next sibling, or the previous for the last", () => {
  const tree = h([0.5, p("a")], [0.5, p("b")]);
  near(ratios(resizePane(tree, "a", { direction: "horizontal", delta: -0.2 }))[1]!, 0.7);
  near(ratios(resizePane(tree, "b", { direction: "horizontal", delta: -0.2 }))[0]!, 0.7);
});

Deno.test("resizePane() stops at the minimum ratio", () => {
  const tree = h([0.5, p("a")], [0.5, p("b")]);
  const out = ratios(resizePane(tree, "a", { direction: "horizontal", delta: 5 }));
  near(out[1]!, MIN_RATIO);
});

Deno.test("resizePane() acts on the nearest split in the asked direction", () => {
  const tree = v([0.5, p("top")], [0.5, h([0.5, p("a")], [0.5, p("b")])]);
  const out = resizePane(tree, "b", { direction: "vertical", delta: 0.1 });
  near(ratios(out)[1]!, 0.6);
});

Deno.test("resizePane() returns the same tree when no split runs that way", () => {
  const tree = h([0.5, p("a")], [0.5, p("b")]);
  strictEqual(resizePane(tree, "a", { direction: "vertical", delta: 0.1 }), tree);
});

Deno.test("resizePane() refuses unknown panes and non-finite deltas", () => {
  const tree = h([0.5, p("a")], [0.5, p("b")]);
  throws(() => resizePane(tree, "z", { direction: "horizontal", delta: 0.1 }), WeftError);
  throws(() => resizePane(tree, "a", { direction: "horizontal", delta: NaN }), RangeError);
});

Deno.test("resizePaneCells() moves the border by exactly the asked cells", () => {
  const size = { cols: 101, rows: 30 };
  const tree = h([0.5, p("a")], [0.5, v([0.5, p("b")], [0.5, p("c")])]);
  for (const cells of [-30, -7, -1, 1, 3, 20]) {
    const out = layoutRects(
      resizePaneCells(tree, "b", size, { direction: "horizontal", cells }),
      size,
    );
    strictEqual(out.get("b")!.cols, 50 + cells, `cells ${cells}`);
  }
});

Deno.test("resizePaneCells() leaves every pane at least one cell", () => {
  const size = { cols: 41, rows: 10 };
  const tree = h([0.5, p("a")], [0.5, h([0.5, p("b")], [0.5, p("c")])]);
  const out = layoutRects(
    resizePaneCells(tree, "a", size, { direction: "horizontal", cells: 1000 }),
    size,
  );
  deepStrictEqual([...out.values()].map((r) => r.cols), [37, 1, 1]);
});
