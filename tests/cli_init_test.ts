/**
 * `weft init` in a project that is not weft's checkout: a weft.toml for a project that is not a
 * Deno project, tasks and a section for one that is, and `.weft/` kept out of git.
 */

import { deepStrictEqual, match, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { loadConfig } from "../core/config/mod.ts";
import { weftProcess } from "./helpers/cli.ts";

async function git(dir: string, ...args: string[]): Promise<string> {
  const out = await new Deno.Command("git", { args, cwd: dir, stdout: "piped" }).output();
  return new TextDecoder().decode(out.stdout);
}

Deno.test("weft init gives a project that is not a Deno project a weft.toml and hides .weft/", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-init-" });
  try {
    await git(dir, "init", "-q");
    const run = await weftProcess(dir, "init");
    strictEqual(run.code, 0, run.err);
    strictEqual(run.out, "weft init: wrote weft.toml\nweft init: wrote .weft/.gitignore\n");
    strictEqual((await loadConfig(dir)).projectDir, dir);
    await Deno.writeTextFile(join(dir, ".weft", "weft.db"), "state");
    strictEqual(await git(dir, "status", "--porcelain"), "?? weft.toml\n");
    // A second run changes nothing.
    strictEqual((await weftProcess(dir, "init")).out, "weft init: ready\n");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("weft init adds a weft section and serve/attach tasks to a deno.json", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-init-" });
  try {
    const file = join(dir, "deno.json");
    await Deno.writeTextFile(file, JSON.stringify({ tasks: { serve: "my own", test: "x" } }));
    const run = await weftProcess(dir, "init");
    strictEqual(run.code, 0, run.err);
    const json = JSON.parse(await Deno.readTextFile(file));
    deepStrictEqual(json.weft, {});
    strictEqual(json.tasks.serve, "my own", "a task the project has is kept");
    strictEqual(json.tasks.test, "x");
    match(json.tasks.attach, /main\.ts' attach$|^weft attach$/);
    // Deno takes the file: its task list names the new task.
    const tasks = await new Deno.Command(Deno.execPath(), {
      args: ["task"],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
    }).output();
    match(
      new TextDecoder().decode(tasks.stdout) + new TextDecoder().decode(tasks.stderr),
      /attach/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
