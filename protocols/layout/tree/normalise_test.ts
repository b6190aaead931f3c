import { deepStrictEqual, throws } from "node:assert/strict";
import { h, p, v } from "./_testing.ts";
import { normalise } from "./normalise.ts";

Deno.test("normalise() rescales ratios that do not sum to 1", () => {
  deepStrictEqual(normalise(h([1, p("a")], [3, p("b")])), h([0.25, p("a")], [0.75, p("b")]));
});

Deno.test("normalise() keeps ratios that already sum to 1 bit for bit", () => {
  const tree = h([0.1, p("a")], [0.2, p("b")], [0.7, p("c")]);
  deepStrictEqual(normalise(tree), tree);
});

Deno.test("normalise() collapses single-child splits and merges same-direction nesting", () => {
  const tree = h([0.5, p("a")], [0.5, h([1, v([1, p("b")])], [1, p("c")])]);
  deepStrictEqual(normalise(tree), h([0.5, p("a")], [0.25, p("b")], [0.25, p("c")]));
});

Deno.test("normalise() refuses zero, negative and NaN ratios", () => {
  for (const r of [0, -1, NaN, Infinity]) {
    throws(() => normalise(h([r, p("a")], [1, p("b")])), RangeError);
  }
});

Deno.test("normalise() refuses a pane named twice and an empty split", () => {
  throws(() => normalise(h([0.5, p("a")], [0.5, p("a")])), RangeError);
  throws(() => normalise(h()), TypeError);
});

Deno.test("normalise() names the path of the problem", () => {
  throws(() => normalise(h([0.5, p("a")], [0.5, v([0.5, p("b")], [-1, p("c")])])), {
    name: "RangeError",
    message:
      "Cannot normalise layout: children[1].node.children[1].ratio must be a finite number > 0, not -1",
  });
});
