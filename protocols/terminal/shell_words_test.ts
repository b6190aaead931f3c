import { deepStrictEqual as assertEquals, strictEqual } from "node:assert/strict";
import { ansiCQuote, firstProgram, shellQuote, shellWords } from "./shell_words.ts";

Deno.test("shellWords() splits words with quotes and backslashes", () => {
  assertEquals(shellWords(`claude  --model 'a b' "c \\"d\\"" e\\ f ''`), [
    "claude",
    "--model",
    "a b",
    'c "d"',
    "e f",
    "",
  ]);
});

Deno.test("shellWords() refuses what a shell would do more with", () => {
  for (
    const line of [
      "a | b",
      "a; b",
      "a && b",
      "a > f",
      "$(x)",
      "`x`",
      'a "$HOME"',
      "*.ts",
      "a #c",
      "'open",
    ]
  ) {
    strictEqual(shellWords(line), undefined, line);
  }
});

Deno.test("shellQuote() round-trips through shellWords()", () => {
  const words = ["claude", "--x=1", "it's", "a b", "", "ü"];
  assertEquals(shellWords(words.map(shellQuote).join(" ")), words);
  strictEqual(ansiCQuote("a'b\n"), "$'a\\'b\\n'");
});

Deno.test("firstProgram() names the program a shell line starts with, if it plainly names one", () => {
  const cases: [string, string | undefined][] = [
    ["htop", "htop"],
    ["deno test -A --watch", "deno"],
    ["A=1 B='x y' make -j4; make test", "make"],
    ["'my prog' arg | tee log", "my prog"],
    ["cd src && claude", undefined],
    ["exec bash", undefined],
    ["$EDITOR notes", undefined],
    ["(cd x; make)", undefined],
    ["f() { htop; }", undefined],
    ["~/bin/tool", undefined],
  ];
  for (const [line, program] of cases) assertEquals(firstProgram(line), program, line);
});
