import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { WeftError } from "../bus/errors.ts";
import { parseLayoutFile } from "./parse_layout_file.ts";

function errorOf(text: string): WeftError {
  try {
    parseLayoutFile(text, { name: "bad.toml" });
  } catch (err) {
    ok(err instanceof WeftError, `expected a WeftError, got ${err}`);
    strictEqual(err.code, "INVALID_INPUT");
    return err;
  }
  throw new Error("expected an error");
}

const TREE = `description = "editor and tests"

[[window]]
name = "dev"
direction = "horizontal"

[[window.splits]]
ratio = 0.6
pane = { name = "editor", command = "vim .", env = { EDITOR = "vim" } }

[[window.splits]]
ratio = 0.4
direction = "vertical"

[[window.splits.splits]]
ratio = 1
pane = { command = "deno test --watch" }

[[window.splits.splits]]
ratio = 0   # bad
pane = { command = "tail -f log" }
`;

Deno.test("parseLayoutFile() reads windows, nested splits and shorthand keys", () => {
  const file = parseLayoutFile(TREE.replace("ratio = 0   # bad", "ratio = 1"));
  strictEqual(file.description, "editor and tests");
  deepStrictEqual(file.windows[0], {
    name: "dev",
    layout: {
      direction: "horizontal",
      splits: [
        {
          ratio: 0.6,
          layout: { pane: { name: "editor", command: "vim .", env: { EDITOR: "vim" } } },
        },
        {
          ratio: 0.4,
          layout: {
            direction: "vertical",
            splits: [
              { ratio: 0.5, layout: { pane: { command: "deno test --watch" } } },
              { ratio: 0.5, layout: { pane: { command: "tail -f log" } } },
            ],
          },
        },
      ],
    },
  });
});

Deno.test("parseLayoutFile() gives the line and column of a bad value in nested tables", () => {
  const err = errorOf(TREE);
  deepStrictEqual(err.data, { line: 20, column: 9, path: "window[0].splits[1].splits[1].ratio" });
  ok(err.message.startsWith("Cannot read bad.toml at line 20, column 9: window[0].splits[1]"));
  ok(err.message.includes("must be a number > 0"), err.message);
});

Deno.test("parseLayoutFile() points inside inline tables and arrays", () => {
  const text =
    `[[window]]\npreset = "tiled"\npane_commands = [\n  "htop",\n  { command = "vim", cwd = 3 },\n]\n`;
  const err = errorOf(text);
  deepStrictEqual(err.data, { line: 5, column: 28, path: "window[0].pane_commands[1].cwd" });
  const typo = errorOf(`[[window]]\npane = { comand = "x" }\n`);
  deepStrictEqual(typo.data, { line: 2, column: 19, path: "window[0].pane.comand" });
  ok(typo.message.includes('did you mean "command"?'), typo.message);
});

Deno.test("parseLayoutFile() gives the line and column of a TOML syntax error", () => {
  const err = errorOf(`[[window]]\nname = "dev"\npane = { command = "x" ]\n`);
  const { line, column } = err.data as { line: number; column: number };
  strictEqual(line, 3);
  ok(column > 1);
  ok(err.message.startsWith("Cannot read bad.toml at line 3"), err.message);
  ok(err.message.includes("TOML syntax"));
});

Deno.test("parseLayoutFile() refuses a file without windows and names the key", () => {
  const err = errorOf(`description = "nothing"\n`);
  strictEqual((err.data as { path: string }).path, "window");
  ok(err.message.includes("line 1, column 1"), err.message);
  const twice = errorOf(`[[window]]\nname = "a"\npane = {}\n[[window]]\nname = "a"\npane = {}\n`);
  deepStrictEqual(twice.data, { line: 5, column: 8, path: "window[1].name" });
});

Deno.test("parseLayoutFile() accepts [window.layout] tables written out in full", () => {
  const file = parseLayoutFile(`[[window]]
[window.layout]
direction = "vertical"
[[window.layout.splits]]
ratio = 3
[window.layout.splits.layout.pane]
command = "a"
[[window.layout.splits]]
ratio = 1
layout.pane.argv = ["b", "--flag"]
`);
  deepStrictEqual(file.windows[0]!.layout, {
    direction: "vertical",
    splits: [
      { ratio: 0.75, layout: { pane: { command: "a" } } },
      { ratio: 0.25, layout: { pane: { argv: ["b", "--flag"] } } },
    ],
  });
  const err = errorOf(`[[window]]\n[window.layout]\ndirection = "up"\nsplits = []\n`);
  deepStrictEqual(err.data, { line: 3, column: 13, path: "window[0].layout.direction" });
});
