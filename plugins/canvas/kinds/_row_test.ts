import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { cells, Row, stripSgr } from "./_row.ts";

Deno.test("Row cuts text past its width and ends it with an ellipsis", () => {
  assertEquals(new Row(4).add("abcdef").toString(), "abc…");
  assertEquals(new Row(4).add("abcd").toString(), "abcd");
  assertEquals(new Row(4).add("ab").add("cd").add("e").toString(), "abc…");
  assertEquals(new Row(0).add("abc").toString(), "");
});

Deno.test("Row keeps the last word when a piece fills the width exactly and more follows", () => {
  // A highlighted code line: "(input" ended exactly at the edge, then ") =>" came.
  assertEquals(new Row(6).add("(").add("input").add(") =>").toString(), "(inpu…");
});

Deno.test("Row measures wide characters and never splits one at the edge", () => {
  assertEquals(stripSgr(new Row(5).add("ab日本語").toString()), "ab日…");
  assertEquals(stripSgr(new Row(4).add("ab日本語").toString()), "ab …");
  assertEquals(cells(stripSgr(new Row(7).add("🎉🎉🎉🎉").toString())), 7);
});

Deno.test("Row shows C0, C1 and DEL as visible symbols and expands tabs", () => {
  assertEquals(new Row(20).add("a\x1b[31mb\x07\x7f\x9b").toString(), "a␛[31mb␇␡�");
  assertEquals(new Row(20).add("a\tb").toString(), "a   b");
  assertEquals(cells("a\x1b日"), 4);
});

Deno.test("Row styles pieces with SGR and resets at the end", () => {
  assertEquals(
    new Row(10).add("a", "1").add("b", "31").add("c").toString(),
    "\x1b[1ma\x1b[0;31mb\x1b[0mc",
  );
  assertEquals(new Row(10).add("a", "1").toString(), "\x1b[1ma\x1b[0m");
  assertEquals(new Row(3).add("ab", "1").add("cd", "32").toString(), "\x1b[1mab\x1b[0;32m…\x1b[0m");
});

Deno.test("Row.fill() pads to a column", () => {
  assertEquals(new Row(6).add("ab").fill().toString(), "ab    ");
  assertEquals(new Row(6).add("ab").fill(4).toString(), "ab  ");
});
