import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { CellGrid, PLAIN } from "./cells.ts";
import { textWidth, truncate } from "./width.ts";

Deno.test("CellGrid never leaves half a wide character behind", () => {
  const grid = new CellGrid(6, 1);
  grid.text(0, 0, "日本語", PLAIN);
  grid.set(1, 0, "x", PLAIN); // the trail of 日
  grid.set(2, 0, "y", PLAIN); // the lead of 本
  assertEquals(grid.toText(), [" xy 語"]);
  assertEquals([...grid.widths], [1, 1, 1, 1, 2, 0]);
  grid.set(5, 0, "漢", PLAIN, 2); // no room for a wide character in the last column
  assertEquals(grid.toText(), [" xy   "]);
});

Deno.test("textWidth() and truncate() count cells, not code units", () => {
  assertEquals(textWidth("ab日本e\u0301"), 7);
  assertEquals(truncate("日本語テキスト", 7), "日本語…");
  assertEquals(truncate("short", 9), "short");
});
