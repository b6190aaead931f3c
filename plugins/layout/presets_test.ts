import { deepStrictEqual, ok, strictEqual, throws } from "node:assert/strict";
import fc from "fast-check";
import {
  borders,
  type LayoutNode,
  layoutRects,
  panesOf,
  type Size,
} from "../../protocols/layout/tree/mod.ts";
import { findPreset } from "../../protocols/layout/mod.ts";
import { PRESETS } from "./presets.ts";

/** Counts how often each cell is covered; the first cell not covered exactly once, if any. */
function tilingProblem(tree: LayoutNode, size: Size): string | undefined {
  const count = new Uint8Array(size.cols * size.rows);
  const rects = [...layoutRects(tree, size).values(), ...borders(tree, size)];
  for (const r of rects) {
    if (r.x < 0 || r.y < 0 || r.x + r.cols > size.cols || r.y + r.rows > size.rows) {
      return `rect ${JSON.stringify(r)} is outside the window`;
    }
    for (let y = r.y; y < r.y + r.rows; y++) {
      for (let x = r.x; x < r.x + r.cols; x++) count[y * size.cols + x]!++;
    }
  }
  const i = count.findIndex((c) => c !== 1);
  return i < 0
    ? undefined
    : `cell ${i % size.cols},${Math.floor(i / size.cols)} is covered ${count[i]} times`;
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

Deno.test("every preset tiles any window from 20×5 to 400×120 exactly, for 1–16 panes", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...PRESETS),
      fc.integer({ min: 1, max: 16 }),
      fc.integer({ min: 20, max: 400 }),
      fc.integer({ min: 5, max: 120 }),
      fc.option(fc.double({ min: 0.05, max: 0.95, noNaN: true }), { nil: undefined }),
      (preset, n, cols, rows, mainRatio) => {
        const size = { cols, rows };
        const tree = preset.build(size, ids(n), mainRatio === undefined ? {} : { mainRatio });
        deepStrictEqual(
          panesOf(tree).sort(),
          ids(n).sort(),
          `${preset.name} holds every pane once`,
        );
        strictEqual(tilingProblem(tree, size), undefined, `${preset.name} n=${n} ${cols}x${rows}`);
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("tiled gives every pane at least one cell whenever a grid can fit", () => {
  fc.assert(fc.property(
    fc.integer({ min: 1, max: 16 }),
    fc.integer({ min: 20, max: 400 }),
    fc.integer({ min: 5, max: 120 }),
    (n, cols, rows) => {
      const tiled = findPreset(PRESETS, "tiled");
      const rects = layoutRects(tiled.build({ cols, rows }, ids(n), {}), { cols, rows });
      for (const [pane, r] of rects) ok(r.cols >= 1 && r.rows >= 1, `${pane} ${JSON.stringify(r)}`);
    },
  ));
});

Deno.test("presets keep the panes' reading order, the main pane first", () => {
  const size = { cols: 200, rows: 50 };
  for (const preset of PRESETS) {
    deepStrictEqual(panesOf(preset.build(size, ids(5), {})), ids(5), preset.name);
  }
  const left = findPreset(PRESETS, "main_left").build(size, ids(3), { mainRatio: 0.7 });
  ok(left.type === "split" && left.direction === "horizontal" && left.children[0]!.ratio === 0.7);
  const vertical = findPreset(PRESETS, "main_vertical").build(size, ids(3), {});
  strictEqual(layoutRects(vertical, size).get("p1")!.cols, 80);
  const horizontal = findPreset(PRESETS, "main_horizontal").build(size, ids(3), {});
  strictEqual(layoutRects(horizontal, size).get("p1")!.rows, 24);
});

Deno.test("tiled makes a 2×2 grid of four panes and a 3-2 grid of five", () => {
  const size = { cols: 121, rows: 41 };
  const four = layoutRects(findPreset(PRESETS, "tiled").build(size, ids(4), {}), size);
  deepStrictEqual([...four.values()].map((r) => [r.x, r.y, r.cols, r.rows]), [
    [0, 0, 60, 20],
    [61, 0, 60, 20],
    [0, 21, 60, 20],
    [61, 21, 60, 20],
  ]);
  const five = layoutRects(findPreset(PRESETS, "tiled").build(size, ids(5), {}), size);
  deepStrictEqual([...five.values()].map((r) => r.cols), [40, 39, 40, 60, 60]);
});

Deno.test("findPreset() takes an exact name, then an unambiguous prefix", () => {
  strictEqual(findPreset(PRESETS, "tiled").name, "tiled");
  strictEqual(findPreset(PRESETS, "ti").name, "tiled");
  strictEqual(findPreset(PRESETS, "even_v").name, "even_vertical");
  strictEqual(findPreset(PRESETS, "single").name, "single");
  throws(
    () => findPreset(PRESETS, "main"),
    /could be "main_left", "main_top", "main_horizontal", "main_vertical"/,
  );
  throws(() => findPreset(PRESETS, "tield"), /Cannot find preset "tield"; did you mean "tiled"\?/);
});

Deno.test("the table holds ccmux's six and tmux's five presets", () => {
  deepStrictEqual(PRESETS.map((p) => p.name), [
    "single",
    "split_horizontal",
    "split_vertical",
    "grid_2x2",
    "main_left",
    "main_top",
    "even_horizontal",
    "even_vertical",
    "main_horizontal",
    "main_vertical",
    "tiled",
  ]);
});
