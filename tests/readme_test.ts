/**
 * Every command of the READMEs, run (tests/readme_lines.ts finds them): the top README's install
 * line installs `weft` into a temporary root, which then comes first on PATH; every other line
 * runs in a temporary git project (lines that start with `deno` in weft's checkout), in order, in
 * bash with `pipefail`, against one real server, with a temporary HOME. A line must exit 0. A
 * `weft serve` line starts the project's server in the background (stopping the one before); a
 * line that needs a server and finds none (after `weft stop`) gets one. A line marked
 * `# needs: …` is checked only: `weft SUB --help` exits 0 and names every flag and the
 * sub-subcommand the line uses, a `deno task` exists, a `deno run` file exists.
 *
 * @module
 */

import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { loadConfig } from "../core/config/mod.ts";
import { BUILTIN_PLUGINS } from "../plugins/builtin.ts";
import {
  readmeFiles,
  type ReadmeLine,
  shellWords,
  shLines,
  weftInvocations,
} from "./readme_lines.ts";

const ROOT = new URL("../", import.meta.url).pathname.replace(/\/$/, "");
const LINE_MS = 60_000;
const READY_MS = 60_000;

/** The files the READMEs' examples read in "your project". */
const FIXTURES: Record<string, string> = {
  "config.json": '{"name":"demo","deep":{"a":{"b":{"c":[1,2,3]}}}}\n',
  "logs/app.log": "INFO worker 1 started\nERROR worker 2 failed\nINFO main ready\n",
  "data/people.csv": "name,role\nada,reviewer\nlin,planner\n",
  "a.ts": "export const a = 1;\n",
  "src/main.ts": "console.log('hi');\n",
  "weft.toml": "[plugins]\nmcp = true\n", // the MCP README's HTTP lines need the plugin on
};

interface Env {
  project: string;
  env: Record<string, string>;
}

async function denoDir(): Promise<string> {
  const given = Deno.env.get("DENO_DIR");
  if (given) return given;
  const out = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output();
  return JSON.parse(new TextDecoder().decode(out.stdout)).denoDir;
}

async function makeEnv(): Promise<Env> {
  const tmp = await Deno.makeTempDir({ prefix: "weft-readme-" });
  const project = `${tmp}/proj`;
  for (const [path, text] of Object.entries(FIXTURES)) {
    await Deno.mkdir(`${project}/${path}`.replace(/\/[^/]*$/, ""), { recursive: true });
    await Deno.writeTextFile(`${project}/${path}`, text);
  }
  await Deno.mkdir(`${tmp}/home`);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(Deno.env.toObject())) if (!k.startsWith("WEFT_")) env[k] = v;
  Object.assign(env, {
    HOME: `${tmp}/home`,
    XDG_CONFIG_HOME: `${tmp}/home/.config`,
    XDG_STATE_HOME: `${tmp}/home/.local/state`,
    DENO_DIR: await denoDir(),
    DENO_INSTALL_ROOT: `${tmp}/deno`,
    PATH: `${tmp}/deno/bin:${Deno.env.get("PATH")}`,
    GIT_AUTHOR_NAME: "readme",
    GIT_AUTHOR_EMAIL: "readme@example.invalid",
    GIT_COMMITTER_NAME: "readme",
    GIT_COMMITTER_EMAIL: "readme@example.invalid",
  });
  const git = "git init -q -b main && git add -A && git commit -qm start && echo '// more' >> a.ts";
  const made = await sh(git, { cwd: project, env });
  assertEquals(made.code, 0, made.err);
  return { project, env };
}

interface Ran {
  code: number;
  out: string;
  err: string;
}

async function sh(command: string, opts: { cwd: string; env: Record<string, string> }) {
  const child = new Deno.Command("bash", {
    args: ["-o", "pipefail", "-c", command],
    cwd: opts.cwd,
    env: opts.env,
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const timer = setTimeout(() => child.kill("SIGKILL"), LINE_MS);
  const out = await child.output();
  clearTimeout(timer);
  const dec = new TextDecoder();
  return { code: out.code, out: dec.decode(out.stdout), err: dec.decode(out.stderr) } as Ran;
}

/**
 * The project's server: one a README started (in the background, by the first command that
 * needs it), or one a `weft serve` line started as this test's child.
 */
class Server {
  #child: Deno.ChildProcess | undefined;
  #done: Promise<unknown> | undefined;
  #log = "";
  constructor(readonly env: Env) {}

  async alive(): Promise<boolean> {
    return (await sh("weft status >/dev/null 2>&1", this.#opts())).code === 0;
  }

  #opts() {
    return { cwd: this.env.project, env: this.env.env };
  }

  /** Starts `command` (a `weft serve` line) after stopping the server that runs. */
  async start(command = "weft serve"): Promise<void> {
    await this.stop();
    const child = new Deno.Command("bash", {
      args: ["-c", `exec ${command.replace(/&\s*$/, "")}`],
      cwd: this.env.project,
      env: this.env.env,
      clearEnv: true,
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).spawn();
    this.#child = child;
    const ready = Promise.withResolvers<void>();
    this.#log = "";
    this.#done = (async () => {
      for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) {
        this.#log += chunk;
        if (/ready in \d+ ms/.test(this.#log)) ready.resolve();
      }
      ready.reject(new Error(`\`${command}\` ended before it was ready:\n${this.#log}`));
      await child.status;
    })();
    const timer = setTimeout(() => ready.reject(new Error(`\`${command}\` not ready`)), READY_MS);
    await ready.promise.finally(() => clearTimeout(timer));
  }

  /** Waits for this test's own server child to end (after a `weft stop` line). */
  async ended(): Promise<void> {
    await this.#done;
    this.#child = undefined;
  }

  /** Stops whichever server runs (`weft stop`), and makes sure this test's own child ended. */
  async stop(): Promise<void> {
    if (await this.alive()) await sh("weft stop", this.#opts());
    if (!this.#child) return;
    const timer = setTimeout(() => {
      try {
        this.#child?.kill("SIGKILL");
      } catch { /* it has ended */ }
    }, 15_000);
    await this.#done;
    clearTimeout(timer);
    this.#child = undefined;
  }
}

const helps = new Map<string, Promise<Ran>>();

/** `weft SUB --help`, run once per subcommand. */
function helpOf(sub: string, env: Env): Promise<Ran> {
  if (!helps.has(sub)) helps.set(sub, sh(`weft ${sub} --help`, { cwd: env.project, env: env.env }));
  return helps.get(sub)!;
}

/**
 * The `weft …` commands the READMEs' prose shows in inline code (`weft attach [SESSION]
 * [--prefix C-a]`), as lines to check: brackets and ellipses dropped, placeholders skipped.
 */
function inlineLines(): ReadmeLine[] {
  const lines: ReadmeLine[] = [];
  for (const file of readmeFiles(ROOT)) {
    const text = Deno.readTextFileSync(`${ROOT}/${file}`);
    for (const m of text.matchAll(/`(weft\s[^`]+)`/g)) {
      const command = m[1]!.replace(/[\[\]…]/g, " ").replace(/\s+/g, " ").trim();
      if (/^weft [A-Z]/.test(command)) continue; // weft SUB: a placeholder
      const line = text.slice(0, m.index).split("\n").length;
      lines.push({ file, line, command, needs: "only a check: it is prose" });
    }
  }
  return lines;
}

/** Checks a line marked `# needs: …`: its subcommands and flags exist. Returns what is wrong. */
async function checkOnly(line: ReadmeLine, env: Env): Promise<string[]> {
  const problems: string[] = [];
  const words = shellWords(line.command);
  if (words[0] === "deno" && words[1] === "task") {
    const tasks = JSON.parse(await Deno.readTextFile(`${ROOT}/deno.json`)).tasks;
    if (!tasks[words[2]!]) problems.push(`deno.json has no task "${words[2]}"`);
    return problems;
  }
  if (words[0] === "deno" && words[1] === "run") {
    const file = words.slice(2).find((w) => !w.startsWith("-"));
    if (!file) return ["`deno run` names no file"];
    await Deno.stat(`${ROOT}/${file}`).catch(() =>
      problems.push(`no file ${file} in the checkout`)
    );
    return problems;
  }
  const calls = weftInvocations(line.command);
  if (calls.length === 0) return ["a `# needs:` line must name a weft subcommand or a deno task"];
  for (const [sub = "", ...rest] of calls) {
    const help = await helpOf(sub, env);
    if (help.code !== 0) {
      problems.push(`weft ${sub} --help exited ${help.code}: ${help.err.trim()}`);
      continue;
    }
    const text = help.out;
    const subs = [...text.matchAll(new RegExp(`weft ${sub} ([a-z][a-z-]*)`, "g"))].map((m) => m[1]);
    const first = rest[0];
    if (subs.length > 0 && first && !first.startsWith("-") && !subs.includes(first)) {
      problems.push(`weft ${sub} has no subcommand "${first}" (it has ${[...new Set(subs)]})`);
    }
    for (const flag of rest.filter((w) => /^--?[a-zA-Z]/.test(w))) {
      const name = flag.split("=")[0]!;
      const named = new RegExp(`(^|[\\s\\[|(,])${name}([\\s\\]=|),]|$)`, "m");
      if (!named.test(text)) problems.push(`weft ${sub} --help names no flag ${name}`);
    }
  }
  return problems;
}

/** Runs one README line; returns what went wrong, or nothing. */
async function runLine(line: ReadmeLine, env: Env, server: Server): Promise<string | undefined> {
  const where = `${line.file}:${line.line}: ${line.command}`;
  if (line.needs) {
    const problems = await checkOnly(line, env);
    return problems.length ? `${where}\n  ${problems.join("\n  ")}` : undefined;
  }
  const calls = weftInvocations(line.command);
  if (calls.length === 1 && calls[0]![0] === "serve" && line.command.startsWith("weft serve")) {
    try {
      await server.start(line.command);
      return undefined;
    } catch (err) {
      return `${where}\n  ${(err as Error).message}`;
    }
  }
  const cwd = line.command.startsWith("deno ") ? ROOT : env.project;
  const ran = await sh(line.command, { cwd, env: env.env });
  if (calls.some(([sub]) => sub === "stop") && ran.code === 0) await server.ended();
  if (ran.code === 0) return undefined;
  return `${where}\n  exit ${ran.code}\n  stdout: ${ran.out.slice(-800)}\n  stderr: ${
    ran.err.slice(-800)
  }`;
}

Deno.test({
  name: "every README command runs: the top README and each folder's, against a real server",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const env = await makeEnv();
    const server = new Server(env);
    const lines = readmeFiles(ROOT).flatMap((f) =>
      shLines(f, Deno.readTextFileSync(`${ROOT}/${f}`))
    );
    assert(lines.some((l) => l.command === "deno task install"), "README has the install line");
    try {
      const failed: string[] = [];
      const started = new Set(["README.md"]);
      for (const line of lines) {
        // The top README starts its server as a newcomer would; each folder's README runs
        // against one, as its text assumes.
        if (!line.needs && !started.has(line.file)) {
          started.add(line.file);
          if (!(await server.alive())) await server.start();
        }
        const problem = await runLine(line, env, server);
        if (problem) failed.push(problem);
      }
      assertEquals(failed, [], `README lines that failed:\n${failed.join("\n")}`);

      await t.step("the commands shown in the READMEs' prose exist, with their flags", async () => {
        const failed: string[] = [];
        for (const line of inlineLines()) {
          const problem = await runLine(line, env, server);
          if (problem) failed.push(problem);
        }
        assertEquals(failed, [], `README prose that names what weft lacks:\n${failed.join("\n")}`);
      });

      await t.step("a mistyped subcommand or flag fails, run or only checked", async () => {
        const bad = [
          "weft lss",
          "weft read p1 --lnes 5",
          "weft atach # needs: a terminal",
          "weft attach --prefx C-a # needs: a terminal",
          "weft bridge ad critic # needs: claude",
          "deno task okk # needs: ten minutes",
        ];
        for (const text of bad) {
          const [line] = shLines("bad.md", "```sh\n" + text + "\n```\n");
          assert(await runLine(line!, env, server), `"${text}" should fail`);
        }
      });
    } finally {
      await server.stop();
      await Deno.remove(env.project.replace(/\/proj$/, ""), { recursive: true });
    }
  },
});

Deno.test("the READMEs' links and the files they name exist; the top README stays short", () => {
  const broken: string[] = [];
  for (const file of readmeFiles(ROOT)) {
    const text = Deno.readTextFileSync(`${ROOT}/${file}`);
    const dir = file.includes("/") ? file.replace(/\/[^/]*$/, "") : ".";
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!) || target!.startsWith("#")) continue;
      const path = `${ROOT}/${dir}/${target!.replace(/#.*$/, "")}`;
      try {
        Deno.statSync(path);
      } catch {
        broken.push(`${file}: ${target}`);
      }
    }
    // A file of the checkout named in code (`core/commands/pane_write.ts`) must be there too.
    for (
      const [, path] of text.matchAll(/`((?:core|plugins|protocols|tests|examples)\/[\w./-]+)`/g)
    ) {
      try {
        Deno.statSync(`${ROOT}/${path}`);
      } catch {
        broken.push(`${file}: ${path}`);
      }
    }
  }
  assertEquals(broken, []);
  const lines = Deno.readTextFileSync(`${ROOT}/README.md`).split("\n").length;
  assert(lines <= 250, `README.md has ${lines} lines; the reference goes in the folder READMEs`);
});

Deno.test("the configuration README's example is a config weft loads: every key exists", async () => {
  const text = await Deno.readTextFile(`${ROOT}/core/config/README.md`);
  const block = text.match(/```jsonc\n(\{\n {2}"weft"[\s\S]*?)```/)?.[1];
  assert(block, "core/config/README.md shows a whole config");
  const dir = await Deno.makeTempDir({ prefix: "weft-readme-config-" });
  try {
    await Deno.writeTextFile(`${dir}/deno.jsonc`, block);
    const config = await loadConfig(dir, { builtins: BUILTIN_PLUGINS });
    assertEquals(config.plugins.find((p) => p.name === "hello")?.grant, [
      "pane:read",
      "pane:write",
    ]);
    await Deno.writeTextFile(`${dir}/deno.jsonc`, block.replace('"idleMs"', '"idleMS"'));
    const typo = await loadConfig(dir, { builtins: BUILTIN_PLUGINS }).catch((e) => e as Error);
    assert(typo instanceof Error && /idleMS/.test(typo.message), "a mistyped key is refused");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
