// Adding or removing an agent vendor touches this folder (and its tests and fixtures) only: no
// product file elsewhere may know a vendor. README.md ("Adding a vendor") shows the proof: the
// other vendors taken out, every generic test still passes.
import { deepStrictEqual } from "node:assert/strict";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { VENDORS } from "./mod.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const HOME = "protocols/agents/";
/** Product files that name a vendor for their own reason, not as agent-kind knowledge. */
const ALLOWED: Record<string, RegExp> = {
  // The bridge is the broker of headless `claude -p` turns: Claude Code is its program.
  claude: /^plugins\/bridge\/|^plugins\/layout\/commands\/create\.ts$/,
};

/** Every product file: main.ts and the code, assets and generated JSON of the floors. */
async function* productFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* productFiles(path);
    else if (/\.(ts|js|json)$/.test(entry.name) && !/_test\.ts$/.test(entry.name)) yield path;
  }
}

/** Each product file outside this folder, as the path from the root and its code. */
async function* elsewhere(): AsyncGenerator<{ path: string; code: string }> {
  const files = [join(ROOT, "main.ts")];
  for (const top of ["core", "plugins", "protocols", "examples"]) {
    for await (const file of productFiles(join(ROOT, top))) files.push(file);
  }
  for (const file of files) {
    const path = relative(ROOT, file);
    if (path.startsWith(HOME)) continue;
    yield { path, code: codeOf(await Deno.readTextFile(file)) };
  }
}

/** The code of a source: doc comments and comments out (they may give examples). */
function codeOf(text: string): string {
  return text.split("\n")
    .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
    .map((line) => line.replace(/\s\/\/\s.*$/, ""))
    .join("\n");
}

Deno.test("agent vendors have one home: no product file elsewhere names a vendor's kind or package", async () => {
  const found: string[] = [];
  for await (const { path, code } of elsewhere()) {
    for (const v of VENDORS) {
      if (ALLOWED[v.kind]?.test(path)) continue;
      const named = new RegExp(`["'\`]${v.kind}["'\`]`).test(code) ||
        v.recognise.packages.some((re) => re.test(code) && /[@/]/.test(re.source));
      if (named) found.push(`${path} names ${v.kind}`);
    }
  }
  deepStrictEqual(found, []);
});

/**
 * The vendors no code outside this folder may name at all: every one but Claude Code (the
 * reference agent: its hooks' protocol, the bridge's `claude -p`, its MCP wiring are named
 * where they are), and those the table once listed, so that one taken out leaves no trace.
 */
const UNNAMED = new Set([
  ...VENDORS.map((v) => v.kind).filter((kind) => kind !== "claude"),
  "codex",
  "gemini",
  "aider",
]);

Deno.test("no code outside protocols/agents/ names a vendor but Claude Code, in a string or an identifier", async () => {
  const found: string[] = [];
  for await (const { path, code } of elsewhere()) {
    for (const name of UNNAMED) {
      // Any case, in any word: `"codex"`, `codexHooks`, `.codex/config.toml`, `CODEX_HOME`.
      const at = code.search(new RegExp(name, "i"));
      if (at < 0) continue;
      const line = code.slice(0, at).split("\n").length;
      found.push(`${path}: code line ${line} names ${name} (say it in its vendor file instead)`);
    }
  }
  deepStrictEqual(found, []);
});
