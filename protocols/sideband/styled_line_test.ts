import { deepStrictEqual } from "node:assert/strict";
import { styledLine } from "./styled_line.ts";

Deno.test("styledLine() strips SGR and marks characters with a foreground colour", () => {
  const row = styledLine(
    "\x1b[0;38;5;231m●\x1b[0m a \x1b[0;1mb\x1b[0;31mc\x1b[39md\x1b[0;38;2;1;2;3;48;5;4me\x1b[0m",
  );
  deepStrictEqual(row.text, "● a bcde");
  deepStrictEqual([...row.coloured!], [1, 0, 0, 0, 0, 1, 0, 1]);
});

Deno.test("styledLine() keeps a row without escapes as it is", () => {
  deepStrictEqual(styledLine("plain"), { text: "plain" });
  deepStrictEqual(styledLine("a\x1b[2Kb\x1b[48;5;3mc").text, "abc");
  deepStrictEqual([...styledLine("a\x1b[2Kb\x1b[48;5;3mc").coloured!], [0, 0, 0]);
});
