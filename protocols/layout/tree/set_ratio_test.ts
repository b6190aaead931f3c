import { deepStrictEqual, ok, strictEqual, throws } from "node:assert/strict";
import { h, p, v } from "./_testing.ts";
import { setRatio } from "./set_ratio.ts";
import { MIN_RATIO } from "./types.ts";

Deno.test("setRatio() gives the pane its share and rescales the siblings in proportion", () => {
  const out = setRatio(h([0.2, p("a")], [0.3, p("b")], [0.5, p("c")]), "a", "horizontal", 0.6);
  ok(out.type === "split");
  const [a, b, c] = out.children.map((x) => x.ratio);
  ok(Math.abs(a! - 0.6) < 1e-12 && Math.abs(b! - 0.15) < 1e-12 && Math.abs(c! - 0.25) < 1e-12);
});

Deno.test("setRatio() sets the share of the subtree holding the pane", () => {
  const tree = v([0.5, p("top")], [0.5, h([0.5, p("a")], [0.5, p("b")])]);
  const out = setRatio(tree, "b", "vertical", 0.8);
  ok(out.type === "split");
  strictEqual(out.children[1]!.ratio, 0.8);
});

Deno.test("setRatio() clamps so siblings keep the minimum ratio", () => {
  const out = setRatio(h([0.5, p("a")], [0.5, p("b")]), "a", "horizontal", 0.9999);
  ok(out.type === "split");
  ok(Math.abs(out.children[1]!.ratio - MIN_RATIO) < 1e-12);
});

Deno.test("setRatio() returns the same tree when no split runs that way", () => {
  const tree = h([0.5, p("a")], [0.5, p("b")]);
  strictEqual(setRatio(tree, "a", "vertical", 0.3), tree);
});

Deno.test("setRatio() refuses ratios outside (0, 1)", () => {
  for (const r of [0, 1, NaN]) throws(() => setRatio(p("a"), "a", "vertical", r), RangeError);
});

Deno.test("setRatio() keeps nodes it does not touch", () => {
  const inner = v([0.5, p("b")], [0.5, p("c")]);
  const out = setRatio(h([0.5, p("a")], [0.5, inner]), "a", "horizontal", 0.3);
  ok(out.type === "split");
  deepStrictEqual(out.children[1]!.node, inner);
});
