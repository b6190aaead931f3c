import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
import { WeftError } from "../../bus/errors.ts";
import { h, p, v } from "./_testing.ts";
import { leaf } from "./leaf.ts";
import { splitPane } from "./split_pane.ts";

Deno.test("splitPane() gives the new pane the requested ratio", () => {
  const tree = splitPane(leaf("p1"), "p1", "p2", { direction: "horizontal", ratio: 0.3 });
  deepStrictEqual(tree, h([0.7, p("p1")], [0.3, p("p2")]));
});

Deno.test("splitPane() puts the new pane first with before", () => {
  const tree = splitPane(leaf("p1"), "p1", "p2", { direction: "vertical", before: true });
  deepStrictEqual(tree, v([0.5, p("p2")], [0.5, p("p1")]));
});

Deno.test("splitPane() adds a sibling inside a same-direction parent instead of nesting", () => {
  const tree = splitPane(h([0.5, p("a")], [0.5, p("b")]), "a", "c", { direction: "horizontal" });
  deepStrictEqual(tree, h([0.25, p("a")], [0.25, p("c")], [0.5, p("b")]));
});

Deno.test("splitPane() nests a split when the parent runs the other way", () => {
  const tree = splitPane(h([0.5, p("a")], [0.5, p("b")]), "b", "c", { direction: "vertical" });
  deepStrictEqual(tree, h([0.5, p("a")], [0.5, v([0.5, p("b")], [0.5, p("c")])]));
});

Deno.test("splitPane() refuses a pane that is not in the layout", () => {
  throws(
    () => splitPane(leaf("p1"), "p3", "p4", { direction: "vertical" }),
    (err) =>
      err instanceof WeftError && err.code === "NOT_FOUND" &&
      err.message === 'Cannot split pane "p3": pane is not in this layout',
  );
});

Deno.test("splitPane() refuses a new pane that is already in the layout", () => {
  const tree = splitPane(leaf("p1"), "p1", "p2", { direction: "vertical" });
  throws(
    () => splitPane(tree, "p1", "p2", { direction: "vertical" }),
    (err) => err instanceof WeftError && err.code === "CONFLICT",
  );
});

Deno.test("splitPane() refuses ratios outside (0, 1) and bad directions", () => {
  for (const ratio of [0, 1, -0.5, 2, NaN]) {
    throws(() => splitPane(leaf("p1"), "p1", "p2", { direction: "vertical", ratio }), RangeError);
  }
  throws(
    // @ts-expect-error: a direction that does not exist
    () => splitPane(leaf("p1"), "p1", "p2", { direction: "diagonal" }),
    TypeError,
  );
  throws(() => splitPane(leaf("p1"), "p1", "", { direction: "vertical" }), TypeError);
});

Deno.test("splitPane() leaves its input untouched", () => {
  const tree = h([0.5, p("a")], [0.5, p("b")]);
  const before = JSON.stringify(tree);
  splitPane(tree, "a", "c", { direction: "horizontal" });
  strictEqual(JSON.stringify(tree), before);
});
