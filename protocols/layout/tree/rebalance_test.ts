import { deepStrictEqual } from "node:assert/strict";
import { h, p, v } from "./_testing.ts";
import { rebalance } from "./rebalance.ts";

Deno.test("rebalance() gives every child an equal share at every depth", () => {
  const tree = h([0.1, p("a")], [0.2, p("b")], [0.7, v([0.9, p("c")], [0.1, p("d")])]);
  deepStrictEqual(
    rebalance(tree),
    h([1 / 3, p("a")], [1 / 3, p("b")], [1 / 3, v([0.5, p("c")], [0.5, p("d")])]),
  );
});

Deno.test("rebalance() leaves a single pane alone", () => {
  deepStrictEqual(rebalance(p("a")), p("a"));
});
