import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { wrapSpans } from "./_wrap.ts";

function text(lines: { text: string }[][]): string[] {
  return lines.map((l) => l.map((s) => s.text).join(""));
}

Deno.test("wrapSpans() breaks at spaces and cuts words longer than a line", () => {
  assertEquals(text(wrapSpans([{ text: "one two three", sgr: "" }], 7)), ["one two", "three"]);
  assertEquals(text(wrapSpans([{ text: "aaaaaaaaaaaa bb", sgr: "" }], 5)), [
    "aaaaa",
    "aaaaa",
    "aa bb",
  ]);
  assertEquals(text(wrapSpans([{ text: "", sgr: "" }], 5)), [""]);
});

Deno.test("wrapSpans() keeps a word whole across styles and breaks on a newline span", () => {
  const spans = [{ text: "foo", sgr: "" }, { text: "bar", sgr: "1" }, { text: " baz", sgr: "" }];
  assertEquals(text(wrapSpans(spans, 6)), ["foobar", "baz"]);
  assertEquals(
    text(wrapSpans([{ text: "a", sgr: "" }, { text: "\n", sgr: "" }, { text: "b", sgr: "" }], 9)),
    ["a", "b"],
  );
});

Deno.test("wrapSpans() measures wide characters", () => {
  assertEquals(text(wrapSpans([{ text: "日本語 日本", sgr: "" }], 6)), ["日本語", "日本"]);
  assertEquals(text(wrapSpans([{ text: "日本語日本", sgr: "" }], 5)), ["日本", "語日", "本"]);
});

Deno.test("wrapSpans() cuts a 200,000-character word into 80-cell rows", () => {
  // Its speed is measured in `deno task bench -- canvas-render`, not asserted here.
  const lines = wrapSpans([{ text: "x".repeat(200_000), sgr: "" }], 80);
  assertEquals(lines.length, 2500);
});
