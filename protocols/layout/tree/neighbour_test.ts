import { strictEqual, throws } from "node:assert/strict";
import { WeftError } from "../../bus/errors.ts";
import { h, p, v } from "./_testing.ts";
import { neighbour } from "./neighbour.ts";

// ┌───┬───┐
// │ a │ b │
// │   ├───┤
// │   │ c │
// ├───┴───┤
// │   d   │
// └───────┘
const tree = v([0.7, h([0.5, p("a")], [0.5, v([0.3, p("b")], [0.7, p("c")])])], [0.3, p("d")]);
const size = { cols: 81, rows: 31 };

Deno.test("neighbour() finds the pane across each border", () => {
  strictEqual(neighbour(tree, size, "a", "right"), "c");
  strictEqual(neighbour(tree, size, "b", "left"), "a");
  strictEqual(neighbour(tree, size, "b", "down"), "c");
  strictEqual(neighbour(tree, size, "c", "up"), "b");
  strictEqual(neighbour(tree, size, "c", "down"), "d");
  strictEqual(neighbour(tree, size, "d", "up"), "a");
});

Deno.test("neighbour() returns undefined at the window's edge", () => {
  strictEqual(neighbour(tree, size, "a", "left"), undefined);
  strictEqual(neighbour(tree, size, "a", "up"), undefined);
  strictEqual(neighbour(tree, size, "d", "down"), undefined);
  strictEqual(neighbour(p("a"), size, "a", "right"), undefined);
});

Deno.test("neighbour() refuses a pane that is not in the layout", () => {
  throws(() => neighbour(tree, size, "z", "left"), WeftError);
});
