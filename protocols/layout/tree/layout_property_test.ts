// Property tests: random edit sequences at random window sizes keep every invariant.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import fc from "fast-check";
import { minExtent } from "./_geometry.ts";
import { ratioSums, tilingProblem } from "./_testing.ts";
import { layoutRects } from "./layout_rects.ts";
import { leaf } from "./leaf.ts";
import { neighbour } from "./neighbour.ts";
import { panesOf } from "./panes_of.ts";
import { rebalance } from "./rebalance.ts";
import { removePane } from "./remove_pane.ts";
import { resizePane, resizePaneCells } from "./resize_pane.ts";
import { parseLayout, serializeLayout } from "./serialize_layout.ts";
import { setRatio } from "./set_ratio.ts";
import { splitPane } from "./split_pane.ts";
import { swapPanes } from "./swap_panes.ts";
import type { Direction, LayoutNode, Size } from "./types.ts";

const direction = fc.constantFrom<Direction>("horizontal", "vertical");
const target = fc.nat();
const op = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("split" as const),
      target,
      direction,
      ratio: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
      before: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("remove" as const), target }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("resize" as const),
      target,
      direction,
      delta: fc.double({ min: -1, max: 1, noNaN: true }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("cells" as const),
      target,
      direction,
      cells: fc.integer({ min: -60, max: 60 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("ratio" as const),
      target,
      direction,
      ratio: fc.double({ min: 0.001, max: 0.999, noNaN: true }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("swap" as const), target, other: target }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("rebalance" as const) }) },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
const bigSize = fc.record({
  cols: fc.integer({ min: 20, max: 400 }),
  rows: fc.integer({ min: 5, max: 120 }),
});
const anySize = fc.record({
  cols: fc.integer({ min: 0, max: 30 }),
  rows: fc.integer({ min: 0, max: 12 }),
});

function apply(tree: LayoutNode, o: Op, size: Size, next: () => string): LayoutNode {
  const panes = panesOf(tree);
  const pick = (i: number) => panes[i % panes.length]!;
  switch (o.kind) {
    case "split":
      if (panes.length >= 40) return tree;
      return splitPane(tree, pick(o.target), next(), o);
    case "remove":
      return removePane(tree, pick(o.target)) ?? leaf(next());
    case "resize":
      return resizePane(tree, pick(o.target), o);
    case "cells":
      return resizePaneCells(tree, pick(o.target), size, o);
    case "ratio":
      return setRatio(tree, pick(o.target), o.direction, o.ratio);
    case "swap":
      return swapPanes(tree, pick(o.target), pick(o.other));
    case "rebalance":
      return rebalance(tree);
  }
}

function assertCanonical(tree: LayoutNode, parent?: Direction): void {
  if (tree.type === "pane") return;
  ok(tree.children.length >= 2, "a split has fewer than two children");
  ok(tree.direction !== parent, "a split nests inside a split of the same direction");
  for (const c of tree.children) {
    ok(c.ratio > 0, `ratio ${c.ratio} is not positive`);
    assertCanonical(c.node, tree.direction);
  }
}

function assertInvariants(tree: LayoutNode): void {
  for (const sum of ratioSums(tree)) ok(Math.abs(sum - 1) < 1e-9, `ratios sum to ${sum}`);
  const panes = panesOf(tree);
  strictEqual(new Set(panes).size, panes.length, "panesOf() has duplicates");
  assertCanonical(tree);
}

function assertFits(tree: LayoutNode, size: Size): void {
  strictEqual(tilingProblem(tree, size), undefined);
  const rects = layoutRects(tree, size);
  deepStrictEqual([...rects.keys()].sort(), panesOf(tree).sort());
  const fits = size.cols >= minExtent(tree, "horizontal") &&
    size.rows >= minExtent(tree, "vertical");
  if (fits) { for (const r of rects.values()) ok(r.cols >= 1 && r.rows >= 1, "a pane is empty"); }
}

Deno.test("layout edits keep ratios, panes, tiling and round-trips sound at any size", () => {
  fc.assert(
    fc.property(
      fc.array(op, { maxLength: 60, size: "max" }),
      bigSize,
      anySize,
      (ops, size, small) => {
        let n = 0;
        const next = () => `p${++n}`;
        let tree = leaf(next());
        for (const o of ops) {
          tree = apply(tree, o, size, next);
          assertInvariants(tree);
          assertFits(tree, small);
        }
        assertFits(tree, size);
        deepStrictEqual(parseLayout(serializeLayout(tree)), tree);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("neighbour() always names a different, visible pane that it can walk back from", () => {
  fc.assert(
    fc.property(fc.array(op, { maxLength: 40, size: "max" }), bigSize, (ops, size) => {
      let n = 0;
      const next = () => `p${++n}`;
      let tree = leaf(next());
      for (const o of ops) tree = apply(tree, o, size, next);
      const rects = layoutRects(tree, size);
      const back = { left: "right", right: "left", up: "down", down: "up" } as const;
      for (const pane of panesOf(tree)) {
        for (const side of ["left", "right", "up", "down"] as const) {
          const other = neighbour(tree, size, pane, side);
          if (other === undefined) continue;
          ok(other !== pane && rects.get(other)!.cols > 0);
          ok(neighbour(tree, size, other, back[side]) !== undefined);
        }
      }
    }),
    { numRuns: 100 },
  );
});
