/**
 * `weft init`: prepares the project in the current directory for weft. A Deno project
 * (`deno.json` here) gets a `weft` section and `serve`/`attach` tasks, so `deno task serve`
 * works there; any other project gets a `weft.toml` (the same keys, no `deno.json` for editors
 * to take as a Deno project). Either way `.weft/.gitignore` keeps weft's state out of git.
 * Nothing present is changed.
 *
 * @module
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureProjectDir } from "../../core/sdk/project.ts";
import { installedWeft } from "./installed.ts";
import { parseArgs } from "./args.ts";
import { type CliIo, type Subcommand, UsageError } from "./io.ts";

const WEFT_TOML = `# weft's settings for this project: the keys of a deno.json's "weft" section.
# shell = "bash"
# idleMs = 1500
#
# [plugins]
# web = true
`;

/** `weft init` */
export const init: Subcommand = {
  usage: "weft init",
  summary: "Prepare this project for weft: deno.json tasks and section, or a weft.toml; " +
    ".weft/.gitignore",
  run: async (args, io) => {
    parseArgs({ args, options: {} });
    const done: string[] = [];
    const deno = join(io.cwd, "deno.json");
    if (await exists(join(io.cwd, "deno.jsonc"))) {
      throw new UsageError(
        'this project has a deno.jsonc, which weft init does not rewrite (its comments); add a "weft": {} section and tasks "serve": "weft serve", "attach": "weft attach" by hand',
      );
    }
    if (await exists(deno)) done.push(...await initDeno(deno, io));
    else if (!await exists(join(io.cwd, "weft.toml"))) {
      await Deno.writeTextFile(join(io.cwd, "weft.toml"), WEFT_TOML);
      done.push("wrote weft.toml");
    }
    const state = join(io.cwd, ".weft");
    await ensureProjectDir(state);
    if (await ignoreState(state)) done.push("wrote .weft/.gitignore");
    io.out(done.length ? done.map((d) => `weft init: ${d}\n`).join("") : "weft init: ready\n");
    return 0;
  },
};

/** Adds the `weft` section and the `serve`/`attach` tasks a deno.json lacks. */
async function initDeno(file: string, io: CliIo): Promise<string[]> {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(await Deno.readTextFile(file));
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
  }
  const done: string[] = [];
  if (json.weft === undefined) {
    json.weft = {};
    done.push('added a "weft" section to deno.json');
  }
  const tasks = (json.tasks ?? {}) as Record<string, unknown>;
  const weft = weftCommand(io);
  for (const verb of ["serve", "attach"]) {
    if (tasks[verb] !== undefined) continue;
    tasks[verb] = `${weft} ${verb}`;
    done.push(`added the task ${verb} to deno.json`);
  }
  json.tasks = tasks;
  if (done.length) await Deno.writeTextFile(file, JSON.stringify(json, null, 2) + "\n");
  return done;
}

/** `weft` when installed on PATH, else this checkout's CLI run by Deno. */
function weftCommand(io: CliIo): string {
  if (installedWeft(io.env("PATH"))) return "weft";
  const main = fileURLToPath(new URL("../../main.ts", import.meta.url));
  const config = fileURLToPath(new URL("../../deno.json", import.meta.url));
  return `deno run --allow-all --unstable-worker-options --config '${config}' '${main}'`;
}

/**
 * Writes `.weft/.gitignore` (everything in it) unless there is one; true when it wrote it.
 * `weft serve` and the background start do it too, so `git status` never shows `.weft/`.
 */
export async function ignoreState(stateDir: string): Promise<boolean> {
  const file = join(stateDir, ".gitignore");
  if (await exists(file)) return false;
  await Deno.writeTextFile(file, "# weft's state for this project: not for git\n*\n", {
    createNew: true,
  }).catch((err) => {
    if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
  });
  return true;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch {
    return false;
  }
}
