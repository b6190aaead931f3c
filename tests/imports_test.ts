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
 * Files outside the SDK that may import core: the doors that start, find or read a server from
 * a client process (they run outside the server and outside any plugin sandbox). Each is a
 * known debt of the floors, listed here so a new one fails the test.
 */
const CORE_DOORS: Readonly<Record<string, string>> = {
  "plugins/builtin.ts": "the built-in plugin table is typed by the config's BuiltinPlugin",
  "plugins/cli/serve.ts": "weft serve starts the server (loadConfig, startServer)",
  "plugins/cli/background.ts": "weft serve --background starts the server's process",
  "plugins/cli/init.ts": "weft init makes the project's .weft/ folder",
  "plugins/cli/doctor.ts": "weft doctor loads the project's config and finds its server",
  "plugins/cli/logs.ts": "weft logs finds the server's log file",
  "plugins/cli/plugin.ts":
    "weft plugin reads and writes the project's config and reads a module's manifest unrun",
  "plugins/cli/plugin_list.ts": "weft plugin list shows the config's plugins (its types)",
  "plugins/cli/ls_all.ts": "weft ls --all-projects reads the user's list of running servers",
  "plugins/cli/saved.ts": "weft saved reads the project's store with the server stopped",
  "plugins/client/client.ts": "finds the server of a project (.weft/server.json)",
  "plugins/fabric/cli.ts": "weft fabric join finds the project's folder (its config file)",
  "plugins/hooks/cli.ts": "finds the project's config file to write hooks into",
  "plugins/mcp/cli.ts": "weft mcp reads the config and finds the server",
  "plugins/tui/mod.ts": "weft attach reads the config (key bindings, look)",
};

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
  const doorsUsed = new Set<string>();
  for await (const file of sourceFiles("plugins")) {
    for (const target of await importsOf(file)) {
      const own = pluginOf(file);
      if (target.startsWith("protocols/") || target.startsWith("core/sdk/")) continue;
      if (target.startsWith("core/")) {
        if (file in CORE_DOORS) doorsUsed.add(file);
        else wrong.push(`${file} imports ${target} (core internals)`);
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
  // An entry that no longer imports core is paid off: take it off the list.
  deepStrictEqual(Object.keys(CORE_DOORS).filter((f) => !doorsUsed.has(f)), []);
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
