import assert from "node:assert/strict";
import { dragBorders, moveBorder } from "./drag_border.ts";
import { type LayoutNode, layoutRects, leaf, splitPane } from "../../protocols/layout/tree/mod.ts";

const SIZE = { cols: 101, rows: 40 };

/** p1 | (p2 over p3), then p3 split left/right with p4. */
function tree(): LayoutNode {
  let t = splitPane(leaf("p1"), "p1", "p2", { direction: "horizontal" });
  t = splitPane(t, "p2", "p3", { direction: "vertical" });
  return splitPane(t, "p3", "p4", { direction: "horizontal" });
}

Deno.test("dragBorders() finds every border where layoutRects() leaves its gap", () => {
  const t = tree();
  const rects = layoutRects(t, SIZE);
  const found = dragBorders(t, rects);
  assert.equal(found.length, 3);
  for (const b of found) {
    for (const r of rects.values()) {
      const overlaps = b.x < r.x + r.cols && r.x < b.x + b.cols && b.y < r.y + r.rows &&
        r.y < b.y + b.rows;
      assert.ok(!overlaps, `border ${JSON.stringify(b)} overlaps a pane`);
    }
  }
  const top = found.find((b) => b.path.length === 0)!;
  assert.equal(top.x, rects.get("p1")!.cols);
  assert.equal(top.rows, SIZE.rows);
});

Deno.test("moveBorder() puts the border on the cell asked, changing only its two neighbours", () => {
  const t = tree();
  for (const border of dragBorders(t, layoutRects(t, SIZE))) {
    const horizontal = border.direction === "horizontal";
    const from = horizontal ? border.x : border.y;
    for (const at of [from - 7, from + 5, from + 1]) {
      const moved = moveBorder(t, layoutRects(t, SIZE), { ...border, at })!;
      const rects = layoutRects(moved, SIZE);
      const now = dragBorders(moved, rects).find((b) =>
        b.path.join() === border.path.join() && b.index === border.index
      )!;
      assert.equal(horizontal ? now.x : now.y, at, `border ${border.path}/${border.index}`);
      assert.equal(dragBorders(moved, rects).length, 3);
    }
  }
});

Deno.test("moveBorder() keeps each neighbour at least one cell, and refuses a border that is not there", () => {
  const t = tree();
  const rects = layoutRects(t, SIZE);
  const moved = moveBorder(t, rects, { path: [], index: 0, at: -50 })!;
  assert.equal(layoutRects(moved, SIZE).get("p1")!.cols, 1);
  const far = moveBorder(t, rects, { path: [], index: 0, at: 500 })!;
  assert.ok(layoutRects(far, SIZE).get("p4")!.cols >= 1);
  assert.equal(moveBorder(t, rects, { path: [0], index: 0, at: 3 }), undefined);
  assert.equal(moveBorder(t, rects, { path: [], index: 1, at: 3 }), undefined);
});
