/**
 * `weft ls` stays lean (issue 23): what Deno reads before a short CLI call runs. Deno builds the
 * graph of the entry's static imports and of every literal `import("…")` before the program
 * starts, and any `node:` module starts its Node compatibility layer; either made `weft ls` pay
 * for the server, zod and TOML it never runs. This reads the sources as Deno's graph builder
 * does (static imports, literal dynamic imports; `import type` skipped) from the entry and the
 * module `weft ls` loads, and checks that none of it is a package or a `node:` module.
 */

import { deepStrictEqual } from "node:assert/strict";
import { dirname, relative, resolve } from "node:path";

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "..");

/** The specifiers a module's code needs when it runs: not its `import type`s. */
async function codeImports(file: string): Promise<string[]> {
  // Comments out: doc comments show imports that do not run.
  const text = (await Deno.readTextFile(file)).replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, "");
  const statics = [...text.matchAll(/^\s*(import|export)\s+(?!type\b)[^;]*?\bfrom\s+"([^"]+)"/gms)]
    .map((m) => m[2]!);
  const sideEffects = [...text.matchAll(/^\s*import\s+"([^"]+)"/gm)].map((m) => m[1]!);
  // `typeof import("…")` is a type; Deno's graph for a run does not follow it.
  const literals = [...text.matchAll(/(?<!typeof )\bimport\(\s*"([^"]+)"\s*\)/g)]
    .map((m) => m[1]!);
  return [...statics, ...sideEffects, ...literals];
}

async function graph(entries: string[]): Promise<{ files: string[]; outside: string[] }> {
  const seen = new Set<string>();
  const outside: string[] = [];
  const todo = entries.map((e) => resolve(ROOT, e));
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of await codeImports(file)) {
      if (spec.startsWith(".")) todo.push(resolve(dirname(file), spec));
      else outside.push(`${relative(ROOT, file)} imports ${spec}`);
    }
  }
  return { files: [...seen].map((f) => relative(ROOT, f)).sort(), outside };
}

Deno.test("weft ls, new, send, read, needs, msg read no package and no node: module before they run", async () => {
  const { files, outside } = await graph([
    "main.ts",
    "plugins/cli/info.ts",
    "plugins/cli/panes.ts",
    "plugins/cli/needs.ts",
    "plugins/cli/allow.ts",
    "plugins/messaging/cli.ts",
  ]);
  deepStrictEqual(outside.filter((o) => !o.endsWith(".json")), []);
  // A short call reads a few dozen small files, not the server's hundreds.
  // The SDK's project.ts only re-exports where a server is (core/server/).
  const light = (f: string) => f.startsWith("core/server/") || f === "core/sdk/project.ts";
  deepStrictEqual(files.filter((f) => f.startsWith("core/") && !light(f)), []);
});
