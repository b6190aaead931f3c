import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
import { h, p, v } from "./_testing.ts";
import { findPane } from "./find_pane.ts";
import { leaf } from "./leaf.ts";
import { panesOf } from "./panes_of.ts";

const tree = h([0.5, v([0.5, p("a")], [0.5, p("b")])], [0.5, p("c")]);

Deno.test("panesOf() lists panes left to right, top to bottom", () => {
  deepStrictEqual(panesOf(tree), ["a", "b", "c"]);
});

Deno.test("findPane() gives the child path to a pane, or undefined", () => {
  deepStrictEqual(findPane(tree, "b"), [0, 1]);
  deepStrictEqual(findPane(p("a"), "a"), []);
  strictEqual(findPane(tree, "z"), undefined);
});

Deno.test("leaf() refuses an empty pane id", () => {
  deepStrictEqual(leaf("p1"), p("p1"));
  throws(() => leaf(""), TypeError);
});
