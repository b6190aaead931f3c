import { deepStrictEqual as assertEquals } from "node:assert/strict";
import type { CopyCommand } from "./copy_keys.ts";
import { type CopyBuffer, CopyMode } from "./copy_mode.ts";
import { wordMove } from "./copy_text.ts";

function buffer(lines: string[], rows: number, options: { cols?: number; wraps?: number[] } = {}) {
  const b: CopyBuffer = {
    baseY: Math.max(0, lines.length - rows),
    rows,
    cols: options.cols ?? 20,
    lineText: (i) => lines[i] ?? "",
    slice: (i, s, e) => (lines[i] ?? "").slice(s, e).trimEnd(),
    wrapped: (i) => options.wraps?.includes(i) ?? false,
    screen: lines,
  };
  return b;
}

function run(copy: CopyMode, b: CopyBuffer, ...commands: CopyCommand[]) {
  let last = {};
  for (const c of commands) last = copy.run(c, b);
  return last;
}

Deno.test("CopyMode moves by lines, pages and to either end, the view following the cursor", () => {
  const lines = Array.from({ length: 50 }, (_, i) => `line ${i}`);
  const b = buffer(lines, 10);
  const copy = new CopyMode("p1", b, { line: 49, col: 0 });
  run(copy, b, "cursor-up");
  assertEquals([copy.cursor.line, copy.top(b)], [48, 40]);
  run(copy, b, "page-up");
  assertEquals([copy.cursor.line, copy.top(b)], [39, 31]);
  run(copy, b, "history-top");
  assertEquals([copy.cursor.line, copy.top(b)], [0, 0]);
  run(copy, b, "history-bottom", "end-of-line");
  assertEquals([copy.cursor, copy.offset], [{ line: 49, col: 6 }, 0]);
  assertEquals(copy.run("cancel", b), { leave: true });
});

Deno.test("CopyMode holds its lines still while output arrives, and follows a new screen", () => {
  const lines = Array.from({ length: 50 }, (_, i) => `line ${i}`);
  const copy = new CopyMode("p1", buffer(lines, 10), { line: 45, col: 0 });
  lines.push("new 1", "new 2", "new 3");
  const b = buffer(lines, 10);
  b.screen = lines; // the same screen, three lines more
  assertEquals(copy.top(b), 40);
  // A new screen with 100 more lines of history above: same lines, new numbers.
  const more = [...Array.from({ length: 100 }, () => "old"), ...lines];
  const b2 = buffer(more, 10);
  assertEquals(copy.top(b2), 140);
  assertEquals(copy.cursor.line, 145);
});

Deno.test("CopyMode selects characters across soft wraps, whole lines and rectangles", () => {
  const lines = ["abc def", "ghi jkl", "continued", "mno pqr"];
  const b = buffer(lines, 4, { wraps: [2] });
  const copy = new CopyMode("p1", b, { line: 0, col: 4 });
  run(copy, b, "begin-selection", "cursor-down", "cursor-down", "end-of-line");
  assertEquals(copy.selectedText(b), "def\nghi jklcontinued");
  run(copy, b, "clear-selection", "history-top", "select-line", "cursor-down");
  assertEquals(copy.selectedText(b), "abc def\nghi jkl");
  run(copy, b, "clear-selection", "history-top", "begin-selection", "rectangle-toggle");
  run(copy, b, "history-bottom", "cursor-right", "cursor-right");
  assertEquals(copy.run("copy-selection-and-cancel", b), {
    copy: "abc\nghi\ncon\nmno",
    leave: true,
  });
});

Deno.test("CopyMode searches both ways, wraps around, and counts the matches", () => {
  const lines = ["foo 1", "bar", "Foo 2", "foo 3", "baz"];
  const b = buffer(lines, 2);
  const copy = new CopyMode("p1", b, { line: 4, col: 0 });
  assertEquals(copy.search("foo", b, false), true);
  assertEquals([copy.cursor.line, copy.count], [3, { index: 3, total: 3 }]);
  run(copy, b, "search-again");
  assertEquals([copy.cursor.line, copy.count], [0, { index: 1, total: 3 }]);
  run(copy, b, "search-reverse");
  assertEquals([copy.cursor.line, copy.count], [3, { index: 3, total: 3 }]);
  assertEquals(copy.top(b), 2);
  assertEquals(copy.search("Foo", b, true), true);
  assertEquals([copy.cursor.line, copy.count], [2, { index: 1, total: 1 }]);
  assertEquals(copy.search("nothing", b, true), false);
  assertEquals(copy.count, undefined);
});

Deno.test("wordMove() goes by vi words across lines", () => {
  const lines = ["one two.three", "", "  four"];
  const b = { baseY: 0, rows: 3, lineText: (i: number) => lines[i] ?? "" };
  assertEquals(wordMove("next-word", { line: 0, col: 0 }, b), { line: 0, col: 4 });
  assertEquals(wordMove("next-word", { line: 0, col: 4 }, b), { line: 0, col: 7 });
  assertEquals(wordMove("next-word-end", { line: 0, col: 0 }, b), { line: 0, col: 2 });
  assertEquals(wordMove("next-word", { line: 0, col: 8 }, b), { line: 2, col: 2 });
  // An empty line is a word of its own, as in vi.
  assertEquals(wordMove("previous-word", { line: 2, col: 2 }, b), { line: 1, col: 0 });
  assertEquals(wordMove("previous-word", { line: 1, col: 0 }, b), { line: 0, col: 8 });
});
