import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
import { WeftError } from "../../bus/errors.ts";
import { h, p, v } from "./_testing.ts";
import { leaf } from "./leaf.ts";
import { removePane } from "./remove_pane.ts";

Deno.test("removePane() returns null for the last pane", () => {
  strictEqual(removePane(leaf("p1"), "p1"), null);
});

Deno.test("removePane() shares the space among siblings in proportion", () => {
  const tree = removePane(h([0.2, p("a")], [0.5, p("b")], [0.3, p("c")]), "b");
  deepStrictEqual(tree, h([0.4, p("a")], [0.6, p("c")]));
});

Deno.test("removePane() collapses a split left with one child", () => {
  const tree = removePane(h([0.5, p("a")], [0.5, v([0.5, p("b")], [0.5, p("c")])]), "c");
  deepStrictEqual(tree, h([0.5, p("a")], [0.5, p("b")]));
});

Deno.test("removePane() merges a collapsed split into a same-direction grandparent", () => {
  const inner = h([0.5, p("c")], [0.5, p("d")]);
  const tree = h([0.5, p("a")], [0.5, v([0.5, p("b")], [0.5, inner])]);
  deepStrictEqual(removePane(tree, "b"), h([0.5, p("a")], [0.25, p("c")], [0.25, p("d")]));
});

Deno.test("removePane() refuses a pane that is not in the layout", () => {
  throws(
    () => removePane(leaf("p1"), "p2"),
    (err) =>
      err instanceof WeftError && err.code === "NOT_FOUND" &&
      err.message === 'Cannot remove pane "p2": pane is not in this layout',
  );
});
