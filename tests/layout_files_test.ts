// The example layout files parse, and a file written by `weft layout save` reads back.
import { deepStrictEqual, ok } from "node:assert/strict";
import { parseLayoutFile, stringifyLayoutFile } from "../protocols/layout/mod.ts";
import { PRESETS } from "../plugins/layout/presets.ts";
import { findPreset } from "../protocols/layout/mod.ts";

const DIR = new URL("../examples/layouts/", import.meta.url);
const resolvePreset = (name: string) => findPreset(PRESETS, name).name;

Deno.test("every example layout file parses and round-trips through stringifyLayoutFile()", async () => {
  let count = 0;
  for await (const entry of Deno.readDir(DIR)) {
    if (!entry.name.endsWith(".toml")) continue;
    const text = await Deno.readTextFile(new URL(entry.name, DIR));
    const file = parseLayoutFile(text, { name: entry.name, resolvePreset });
    ok(file.description, `${entry.name} says what it is for`);
    deepStrictEqual(parseLayoutFile(stringifyLayoutFile(file), { resolvePreset }), file);
    count++;
  }
  ok(count >= 2);
});
