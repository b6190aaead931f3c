import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
import { WeftError } from "../../bus/errors.ts";
import { h, p, v } from "./_testing.ts";
import { swapPanes } from "./swap_panes.ts";

Deno.test("swapPanes() trades the places and sizes of two panes", () => {
  const tree = h([0.3, p("a")], [0.7, v([0.5, p("b")], [0.5, p("c")])]);
  deepStrictEqual(
    swapPanes(tree, "a", "c"),
    h([0.3, p("c")], [0.7, v([0.5, p("b")], [0.5, p("a")])]),
  );
});

Deno.test("swapPanes() returns the same tree when swapping a pane with itself", () => {
  const tree = h([0.5, p("a")], [0.5, p("b")]);
  strictEqual(swapPanes(tree, "a", "a"), tree);
});

Deno.test("swapPanes() refuses a pane that is not in the layout", () => {
  throws(
    () => swapPanes(p("a"), "a", "z"),
    (err) =>
      err instanceof WeftError &&
      err.message === 'Cannot swap pane "z": pane is not in this layout',
  );
});
