import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { tmuxLayout } from "./layout_string.ts";

const num = (p: string) => Number(p.slice(1));

Deno.test("tmuxLayout() matches tmux's own strings", () => {
  // Both strings as tmux 3.3a prints them (list-windows) for these panes.
  assertEquals(
    tmuxLayout(
      { type: "pane", pane: "p0" },
      new Map([["p0", { x: 0, y: 0, cols: 80, rows: 24 }]]),
      num,
    ),
    "b25d,80x24,0,0,0",
  );
  const tree = {
    type: "split" as const,
    direction: "horizontal" as const,
    children: [{ node: { type: "pane" as const, pane: "p0" } }, {
      node: { type: "pane" as const, pane: "p1" },
    }],
  };
  const rects = new Map([
    ["p0", { x: 0, y: 0, cols: 40, rows: 24 }],
    ["p1", { x: 41, y: 0, cols: 39, rows: 24 }],
  ]);
  assertEquals(tmuxLayout(tree, rects, num), "8205,80x24,0,0{40x24,0,0,0,39x24,41,0,1}");
});
