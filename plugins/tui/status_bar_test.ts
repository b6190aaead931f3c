import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { ATTR, CellGrid } from "./cells.ts";
import { drawStatusBar, type StatusInfo } from "./status_bar.ts";

const info: StatusInfo = {
  session: "main",
  windows: [{ index: 0, label: "w1", current: false }, {
    index: 1,
    label: "editor",
    current: true,
  }],
  pane: "p3:build",
  blocked: 2,
  clock: "09:41",
};

Deno.test("drawStatusBar() shows session, windows with the current marked, pane, blocked agents, clock", () => {
  const grid = new CellGrid(80, 1);
  drawStatusBar(grid, 0, info);
  const [row] = grid.toText();
  assert(row!.startsWith("[main] 0:w1 1:editor* "), row);
  assert(row!.trimEnd().endsWith("◆ 2 blocked  p3:build  09:41"), row);
  const current = row!.indexOf("1:editor*");
  assert(grid.attrs[current]! & ATTR.inverse);
});

Deno.test("drawStatusBar() shows a notice instead of the window list and drops extras when narrow", () => {
  const grid = new CellGrid(40, 1);
  drawStatusBar(grid, 0, { ...info, notice: { text: "C-b … (? for help)" } });
  const [row] = grid.toText();
  assert(row!.includes("C-b … (?"), row);
  assertEquals(row!.length, 40);
  assert(row!.includes("◆ 2 blocked"), row);
});

Deno.test("drawStatusBar() shows the focused agent's unread messages, and drops them last", () => {
  const wide = new CellGrid(80, 1);
  drawStatusBar(wide, 0, { ...info, unread: 3 });
  assert(wide.toText()[0]!.trimEnd().endsWith("◆ 2 blocked  ✉ 3  p3:build  09:41"));
  const none = new CellGrid(80, 1);
  drawStatusBar(none, 0, { ...info, unread: 0 });
  assert(!none.toText()[0]!.includes("✉"));
  const narrow = new CellGrid(40, 1);
  drawStatusBar(narrow, 0, { ...info, unread: 3 });
  const [row] = narrow.toText();
  assert(row!.includes("✉ 3") && !row!.includes("p3:build"), row);
});
