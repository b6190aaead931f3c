// Golden renders of the canvas kinds at 40, 80 and 200 columns, as text and as ANSI, kept in
// tests/fixtures/canvas/. Run with WEFT_UPDATE_GOLDENS=1 to write them again after a change
// meant to alter them (and read the diff before committing).
import { strictEqual } from "node:assert/strict";
import { KINDS } from "./mod.ts";
import type { RenderInput } from "./types.ts";
import { cells } from "./_text.ts";

const FIXTURES = new URL("../../../tests/fixtures/canvas/", import.meta.url);
const WIDTHS = [40, 80, 200] as const;
const UPDATE = Deno.env.get("WEFT_UPDATE_GOLDENS") === "1";

interface Case {
  /** The golden's file name stem. */
  name: string;
  kind: string;
  input: string;
  path?: string;
  options?: Record<string, unknown>;
}

const CASES: Case[] = [
  { name: "json", kind: "json", input: "config.json", path: "config.json" },
  {
    name: "json_folded_at",
    kind: "json",
    input: "config.json",
    options: { at: "plugins", fold: 1 },
  },
  { name: "log", kind: "log", input: "app.log", path: "logs/app.log" },
  {
    name: "log_filtered",
    kind: "log",
    input: "app.log",
    options: { filter: "plugin|store", highlight: "\\d+ ms", ignoreCase: true },
  },
  { name: "table_csv", kind: "table", input: "people.csv", path: "people.csv" },
  { name: "table_json", kind: "table", input: "agents.json", options: { format: "json" } },
  {
    name: "agents",
    kind: "agents",
    input: "agents.json",
    options: { now: Date.parse("2026-11-24T02:10:00Z") },
  },
];

// deno-lint-ignore no-control-regex
const SGR = /\x1b\[[0-9;:]*m/g;
// deno-lint-ignore no-control-regex
const NOT_SGR = /\x1b(?!\[[0-9;:]*m)/;

for (const c of CASES) {
  for (const width of WIDTHS) {
    Deno.test(`${c.kind} renders ${c.name} at ${width} columns as its golden`, async () => {
      const content = await Deno.readTextFile(new URL(`inputs/${c.input}`, FIXTURES));
      const input: RenderInput = {
        content,
        width,
        height: 24,
        ...(c.path ? { path: c.path } : {}),
        ...(c.options ? { options: c.options } : {}),
      };
      const { lines } = KINDS[c.kind]!(input);
      for (const [i, line] of lines.entries()) {
        strictEqual(cells(line) <= width, true, `line ${i} is ${cells(line)} cells: ${line}`);
        strictEqual(NOT_SGR.test(line), false, `line ${i} holds a non-SGR escape`);
      }
      const ansi = lines.join("\n") + "\n";
      const text = ansi.replace(SGR, "");
      await golden(`${c.name}.${width}.ansi`, ansi);
      await golden(`${c.name}.${width}.txt`, text);
    });
  }
}

async function golden(file: string, actual: string): Promise<void> {
  const url = new URL(file, FIXTURES);
  if (UPDATE) return await Deno.writeTextFile(url, actual);
  const expected = await Deno.readTextFile(url).catch(() => {
    throw new Error(`No golden ${file}: run with WEFT_UPDATE_GOLDENS=1 to write it`);
  });
  strictEqual(actual, expected, `${file} differs from its golden`);
}
