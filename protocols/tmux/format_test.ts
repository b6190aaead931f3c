import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { expandFormat } from "./format.ts";

const vars = {
  session_name: "main",
  session_id: "$1",
  window_index: 0,
  window_name: "bash",
  pane_id: "%3",
  pane_index: 1,
  pane_active: true,
  window_active: false,
};

Deno.test("expandFormat() substitutes variables and leaves unknown ones empty", () => {
  assertEquals(expandFormat("#{session_name}:#{window_index}", vars), "main:0");
  assertEquals(expandFormat("[#{nope}]", vars), "[]");
  assertEquals(expandFormat("#D #S #I #P #W", vars), "%3 main 0 1 bash");
  assertEquals(expandFormat("a ## b #, c", vars), "a # b , c");
});

Deno.test("expandFormat() evaluates conditionals, nested and on booleans", () => {
  assertEquals(expandFormat("#{?pane_active,yes,no}", vars), "yes");
  assertEquals(expandFormat("#{?window_active,yes,no}", vars), "no");
  assertEquals(expandFormat("#{?#{==:#{pane_index},0},zero,nz}", vars), "nz");
  assertEquals(expandFormat("#{?pane_active,#{pane_id},-}", vars), "%3");
  assertEquals(expandFormat("#{?pane_active,a#,b,c}", vars), "a,b");
});

Deno.test("expandFormat() compares and truncates like tmux", () => {
  assertEquals(expandFormat("#{==:a,a} #{!=:a,a} #{==:#{session_name},main}", vars), "1 0 1");
  assertEquals(expandFormat("#{=3:session_name}x #{=-2:window_name}", vars), "maix sh");
});

Deno.test("expandFormat() keeps an unclosed brace as text", () => {
  assertEquals(expandFormat("x #{pane_id", vars), "x #{pane_id");
});
