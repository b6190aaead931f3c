import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { diffTexts, render } from "./diff.ts";
import { assertGolden, assertSafe, assertWeftError, WIDTHS } from "./_golden.ts";
import { stripSgr } from "./_row.ts";

const DATA = new URL("./testdata/diff/", import.meta.url);

function draw(content: string, width: number, options?: Record<string, unknown>): string[] {
  const { lines } = render({ content, width, height: 40, ...(options ? { options } : {}) });
  assertSafe(lines, width);
  return lines;
}

for (const width of WIDTHS) {
  Deno.test(`render() draws a git diff at ${width} columns as its golden`, async () => {
    const content = await Deno.readTextFile(new URL("git.diff", DATA));
    await assertGolden(new URL(`git.${width}`, DATA), draw(content, width));
  });
  Deno.test(`render() draws the diff of two texts at ${width} columns as its golden`, async () => {
    const [old, neu] = await Promise.all(
      ["old.txt", "new.txt"].map((f) => Deno.readTextFile(new URL(f, DATA))),
    );
    const content = diffTexts(old!, neu!, { oldName: "notes/plan.md", newName: "notes/plan.md" });
    await assertGolden(new URL(`texts.${width}`, DATA), draw(content, width));
  });
}

Deno.test("render() marks only the changed words of a changed line", () => {
  const lines = draw("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-let total = 1;\n+let total = 2;\n", 80);
  assert(lines[2]!.includes("\x1b[0;1;31;48;5;52m1\x1b[0;31m;"), lines[2]);
  assert(lines[3]!.includes("\x1b[0;1;32;48;5;22m2\x1b[0;32m;"), lines[3]);
});

Deno.test("render() puts old and new side by side from 160 columns, or when asked", () => {
  const content = "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n";
  assertEquals(stripSgr(draw(content, 160)[2]!).split("│").length, 2);
  assertEquals(stripSgr(draw(content, 80, { sideBySide: true })[2]!).split("│").length, 2);
  assertEquals(draw(content, 200, { sideBySide: false }).length, 4);
});

Deno.test("render() shows escape sequences in a diff as symbols, never raw", () => {
  const content = "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-\x1b]52;c;aGk=\x07\n+\x1b[2J\x9b31m\r\n";
  for (const width of WIDTHS) {
    const text = draw(content, width).map(stripSgr).join("\n");
    assert(text.includes("␛]52;c;aGk=␇") && text.includes("␛[2J�31m"), text);
  }
});

Deno.test("render() refuses text that is not a diff, and a hunk that does not add up", () => {
  for (
    const content of ["hello\nworld\n", "<xml/>", "--- a\n+++ b\n@@ -1,2 +1,2 @@\n-a\n+b\nstray\n"]
  ) {
    assertWeftError(() => render({ content, width: 80, height: 10 }), "INVALID_INPUT");
  }
  assertWeftError(
    () => render({ content: "@@ -x +y @@\n", width: 80, height: 10 }),
    "INVALID_INPUT",
  );
});

Deno.test("render() says so when there are no changes", () => {
  assertEquals(draw("", 40).map(stripSgr), ["No changes"]);
});

Deno.test("render() reads the head of a huge diff and counts the rest", () => {
  const body = Array.from({ length: 100_000 }, (_, i) => `+line ${i} ${"x".repeat(i % 300)}`);
  const content = `--- a/big\n+++ b/big\n@@ -0,0 +1,100000 @@\n${body.join("\n")}\n`;
  const lines = draw(content, 120);
  assert(lines.length < 12_000);
  assert(stripSgr(lines[lines.length - 1]!).startsWith("… 90003 more lines"), lines.at(-1));
});

Deno.test("render() survives a line of a million characters without backtracking", () => {
  const long = "diff --git a/" + "x b/".repeat(250_000);
  const started = performance.now();
  draw(
    `${long}\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-${"ab ".repeat(300_000)}\n+${
      "ab ".repeat(300_001)
    }\n`,
    200,
  );
  // Not a speed figure (the bench has those): backtracking on a million characters would take
  // minutes, so a bound far above any honest render tells the two apart even on a loaded machine.
  assert(performance.now() - started < 10_000);
});

Deno.test("diffTexts() of equal texts draws as no changes", () => {
  assertEquals(draw(diffTexts("same\n", "same\n"), 40).map(stripSgr), ["No changes"]);
});
