/**
 * The floors, kept by a test that reads every import: a plugin imports the SDK, `protocols/`
 * and its own files, never core internals nor another plugin's private (`_`) files; the ground
 * floor (`protocols/`) imports nothing from `core/` or `plugins/`. What two plugins share moves
 * down a floor. Unit tests (`*_test.ts`) may build fixtures from core and are not scanned.
 */

import { deepStrictEqual } from "node:assert/strict";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "..");

/**
 * The SDK's door kit (core/sdk/host.ts, store.ts, manifest.ts) loads the whole core or its
 * store: only the CLI's doors, which run in their own process, may import it, never a plugin
 * that runs inside the server.
 */
const CLI_ONLY = ["core/sdk/host.ts", "core/sdk/store.ts", "core/sdk/manifest.ts"];

/** Plugin folders every door may import public files of (the CLI's kit and the socket client). */
const SHARED_DOORS = ["plugins/cli/", "plugins/client/"];

async function* sourceFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(join(ROOT, dir))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory && entry.name !== "assets") yield* sourceFiles(path);
    else if (entry.isFile && path.endsWith(".ts") && !path.endsWith("_test.ts")) yield path;
  }
}

/** The repository paths `file` imports by relative specifier, static or dynamic. */
async function importsOf(file: string): Promise<string[]> {
  const text = await Deno.readTextFile(join(ROOT, file));
  const specs = [
    ...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/gms),
    ...text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g),
  ].map((m) => m[1]!);
  return specs.filter((s) => s.startsWith(".")).map((s) =>
    relative(ROOT, resolve(ROOT, dirname(file), s))
  );
}

/** The plugin folder of a path under plugins/ (`plugins/mcp/`), or "plugins/" for top files. */
function pluginOf(path: string): string {
  const parts = path.split("/");
  return parts.length > 2 ? `${parts[0]}/${parts[1]}/` : "plugins/";
}

function isPrivate(path: string): boolean {
  return path.split("/").some((p) => p.startsWith("_"));
}

Deno.test("imports: a plugin imports the SDK, protocols/ and its own files only", async () => {
  const wrong: string[] = [];
  for await (const file of sourceFiles("plugins")) {
    for (const target of await importsOf(file)) {
      const own = pluginOf(file);
      if (CLI_ONLY.includes(target) && !file.startsWith("plugins/cli/")) {
        wrong.push(`${file} imports ${target} (the host, for CLI doors only)`);
      } else if (target.startsWith("protocols/") || target.startsWith("core/sdk/")) continue;
      else if (target.startsWith("core/")) {
        wrong.push(`${file} imports ${target} (core internals)`);
      } else if (target.startsWith("plugins/") && !target.startsWith(own)) {
        const shared = SHARED_DOORS.some((d) => target.startsWith(d)) && !isPrivate(target);
        const table = own === "plugins/" || target.split("/").length === 2; // builtin.ts
        if (!shared && !table) wrong.push(`${file} imports ${target} (another plugin's file)`);
      } else if (!target.startsWith("plugins/")) {
        wrong.push(`${file} imports ${target} (outside plugins/, protocols/ and the SDK)`);
      }
    }
  }
  deepStrictEqual(wrong, []);
});

Deno.test("imports: protocols/ imports nothing from core/ or plugins/", async () => {
  const wrong: string[] = [];
  for await (const file of sourceFiles("protocols")) {
    for (const target of await importsOf(file)) {
      if (!target.startsWith("protocols/")) wrong.push(`${file} imports ${target}`);
    }
  }
  deepStrictEqual(wrong, []);
});
