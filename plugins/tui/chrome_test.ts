import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { leaf, splitPane } from "../../protocols/layout/tree/mod.ts";
import { CellGrid, palette } from "./cells.ts";
import { drawChrome, type PaneLabel, shortCommand } from "./chrome.ts";

function label(id: string, state = "idle", extra: Partial<PaneLabel> = {}): PaneLabel {
  return { id, name: null, command: "/bin/bash", state, exit: null, ...extra };
}

function fourPanes() {
  let tree = splitPane(leaf("p1"), "p1", "p2", { direction: "horizontal" });
  tree = splitPane(tree, "p2", "p3", { direction: "vertical" });
  return splitPane(tree, "p1", "p4", { direction: "vertical" });
}

Deno.test("drawChrome() draws borders with junctions where lines meet", () => {
  const grid = new CellGrid(21, 8);
  const labels = new Map(["p1", "p2", "p3", "p4"].map((p) => [p, label(p)]));
  drawChrome(
    grid,
    { tree: fourPanes(), size: { cols: 21, rows: 7 }, zoomed: null, focused: "p1" },
    { top: 1, labels },
  );
  const rows = grid.toText();
  assertEquals(rows[0]!.charAt(10), "┬");
  assertEquals(rows[1]!.charAt(10), "│");
  assertEquals(rows[4]!.charAt(10), "┼");
  assertEquals(rows[4]!.charAt(0), "─");
  assertEquals(rows[7]!.charAt(10), "│");
});

Deno.test("drawChrome() puts each pane's id, command and state badge on the row above it", () => {
  const grid = new CellGrid(81, 8);
  const labels = new Map([
    ["p1", label("p1", "working", { name: "build" })],
    ["p2", label("p2", "blocked", { command: "claude --resume" })],
    ["p3", label("p3", "exited", { exit: { code: 2, signal: null } })],
    ["p4", label("p4", "done")],
  ]);
  drawChrome(
    grid,
    { tree: fourPanes(), size: { cols: 81, rows: 7 }, zoomed: null, focused: "p2" },
    { top: 1, labels },
  );
  const rows = grid.toText();
  assert(rows[0]!.includes("p1:build bash ● working"), rows[0]);
  assert(rows[0]!.includes("p2 claude --resume ◆ blocked"), rows[0]);
  assert(rows[4]!.includes("p4 bash ✓ done"), rows[4]);
  assert(rows[4]!.includes("p3 bash ✗ exited 2"), rows[4]);
});

Deno.test("drawChrome() badges say why a pane is blocked and how far its work is", () => {
  const grid = new CellGrid(81, 8);
  const labels = new Map([
    ["p1", label("p1", "working", { stateProgress: 40 })],
    ["p2", label("p2", "blocked", { stateKind: "permission" })],
    ["p3", label("p3", "idle", { stateKind: "permission", stateProgress: 10 })],
    ["p4", label("p4", "working")],
  ]);
  drawChrome(
    grid,
    { tree: fourPanes(), size: { cols: 81, rows: 7 }, zoomed: null, focused: "p2" },
    { top: 1, labels },
  );
  const rows = grid.toText();
  assert(rows[0]!.includes("● working 40%"), rows[0]);
  assert(rows[0]!.includes("◆ blocked: permission"), rows[0]);
  assert(rows[4]!.includes("p3 bash ○ idle "), rows[4]);
  assert(rows[4]!.includes("p4 bash ● working "), rows[4]);
});

Deno.test("drawChrome() colours only the focused pane's borders", () => {
  const grid = new CellGrid(21, 8);
  const labels = new Map<string, PaneLabel>();
  drawChrome(
    grid,
    { tree: fourPanes(), size: { cols: 21, rows: 7 }, zoomed: null, focused: "p3" },
    { top: 1, labels },
  );
  const green = palette(2);
  const fg = (x: number, y: number) => grid.fg[y * grid.cols + x];
  assertEquals(fg(10, 6), green); // the line left of p3
  assertEquals(fg(15, 4), green); // the line above p3
  assert(fg(10, 2) !== green); // the line between p1 and p2 only
  assert(fg(3, 4) !== green); // the line between p1 and p4
});

Deno.test("drawChrome() shows a zoomed pane alone, without borders", () => {
  const grid = new CellGrid(21, 8);
  const labels = new Map([["p3", label("p3")]]);
  drawChrome(
    grid,
    { tree: fourPanes(), size: { cols: 21, rows: 7 }, zoomed: "p3", focused: "p3" },
    { top: 1, labels },
  );
  const rows = grid.toText();
  assert(rows[0]!.startsWith("─ p3 "));
  assertEquals(rows.slice(1).join("").trim(), "");
});

Deno.test("shortCommand() keeps the program's base name and its arguments", () => {
  assertEquals(shortCommand("/usr/bin/python3 -m http.server"), "python3 -m http.server");
});

Deno.test("drawChrome() shows a title and colour a tmux client set on a pane", () => {
  const grid = new CellGrid(41, 4);
  const labels = new Map([
    ["p1", label("p1", "idle", { title: "researcher", colour: palette(4) })],
  ]);
  drawChrome(
    grid,
    { tree: leaf("p1"), size: { cols: 41, rows: 3 }, zoomed: null, focused: null },
    { top: 1, labels },
  );
  const row = grid.toText()[0]!;
  assert(row.includes("p1 researcher "), row);
  assertEquals(grid.style(row.indexOf("researcher"), 0).fg, palette(4));
});
