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

async function* productFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* productFiles(path);
    else if (/\.(ts|js)$/.test(entry.name) && !/_test\.ts$/.test(entry.name)) yield path;
  }
}

Deno.test("agent vendors have one home: no product file elsewhere names a vendor's kind or package", async () => {
  const found: string[] = [];
  for (const top of ["core", "plugins", "protocols"]) {
    for await (const file of productFiles(join(ROOT, top))) {
      const path = relative(ROOT, file);
      if (path.startsWith(HOME)) continue;
      // Code only: doc comments and comments may give examples.
      const code = (await Deno.readTextFile(file)).split("\n")
        .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line)).join("\n");
      for (const v of VENDORS) {
        if (ALLOWED[v.kind]?.test(path)) continue;
        const named = new RegExp(`["'\`]${v.kind}["'\`]`).test(code) ||
          v.recognise.packages.some((re) => re.test(code) && /[@/]/.test(re.source));
        if (named) found.push(`${path} names ${v.kind}`);
      }
    }
  }
  deepStrictEqual(found, []);
});
