/**
 * The walk of plugins/fabric/README.md ("Two hosts, from `fabric join` to a remote
 * `weft read`"), run as written: its ```sh lines, in order, in one bash, with a temporary HOME,
 * free ports in place of 4222/7422, and `weft` as this checkout's CLI. Both servers (started by
 * `weft new` in the background), their nats-servers and the hub are ended afterwards, also when
 * the walk fails.
 */

import { equal, match } from "node:assert/strict";
import { shLines } from "./readme_lines.ts";
import { CONFIG, MAIN } from "./helpers/cli.ts";
import { FABRIC, freePort, killLeaf } from "./helpers/fabric.ts";

const README = new URL("../plugins/fabric/README.md", import.meta.url).pathname;

/** The walk's lines: the ```sh lines of the README's section that walks two hosts. */
function walkLines(): string[] {
  const text = Deno.readTextFileSync(README);
  const start = text.indexOf("## Two hosts");
  const end = text.indexOf("\n## ", start + 1);
  return shLines("plugins/fabric/README.md", text.slice(start, end)).map((l) => l.command);
}

async function denoDir(): Promise<string> {
  const given = Deno.env.get("DENO_DIR");
  if (given) return given;
  const out = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output();
  return JSON.parse(new TextDecoder().decode(out.stdout)).denoDir;
}

/** Ends every process whose command line names `root` (the walk's hub, servers and nodes). */
async function endUnder(root: string): Promise<void> {
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name) || Number(e.name) === Deno.pid) continue;
    try {
      const cmd = await Deno.readTextFile(`/proc/${e.name}/cmdline`);
      if (cmd.includes(root)) Deno.kill(Number(e.name), "SIGKILL");
    } catch { /* gone, or not ours */ }
  }
}

Deno.test(
  "fabric README: two hosts walk from fabric join to a remote weft read",
  FABRIC,
  async () => {
    const root = await Deno.makeTempDir({ prefix: "weft-walk-" });
    const home = `${root}/home`;
    await Deno.mkdir(home);
    const [port, leafPort] = [freePort(), freePort()];
    const lines = walkLines().map((l) =>
      l.replaceAll("4222", String(port)).replaceAll("7422", String(leafPort))
    );
    const weft = [Deno.execPath(), "run", "--allow-all", "--unstable-worker-options"]
      .concat(["--config", CONFIG, MAIN]).map((w) => `'${w}'`).join(" ");
    const script = [
      "set -euo pipefail",
      `weft() { ${weft} "$@"; }`,
      "export -f weft",
      ...lines,
    ].join("\n");
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(Deno.env.toObject())) {
      if (!k.startsWith("WEFT_")) {
        env[k] = v;
      }
    }
    Object.assign(env, { HOME: home, DENO_DIR: await denoDir(), XDG_STATE_HOME: `${home}/.state` });
    try {
      // Into files, not pipes: the hub the walk leaves running in the background keeps its
      // stdout, and a pipe would never end.
      const out = await new Deno.Command("bash", {
        args: ["-c", `exec >"${root}/out" 2>"${root}/err"\n${script}`],
        cwd: home,
        env,
        clearEnv: true,
        stdin: "null",
      }).output();
      const stdout = await Deno.readTextFile(`${root}/out`);
      const stderr = await Deno.readTextFile(`${root}/err`);
      equal(out.code, 0, `the walk failed:\n${stdout}\n${stderr}`);
      // weft read buildbox/build: the command typed from laptop ran on buildbox.
      match(stdout, /^built-on-buildbox$/m);
      // weft ls --all: both hosts, buildbox's pane under its qualified id.
      match(stdout, /^host laptop \(this server\)$/m);
      match(stdout, /^host buildbox up$/m);
      match(stdout, /buildbox\/p\d+ build /);
    } finally {
      for (const project of ["buildbox-project", "laptop-project"]) {
        // A project the walk never reached has no folder: nothing runs there.
        const cwd = `${home}/${project}`;
        if (!(await Deno.stat(cwd).then(() => true, () => false))) continue;
        await new Deno.Command("bash", {
          args: ["-c", `${weft} stop`],
          cwd,
          env,
          clearEnv: true,
          stdin: "null",
          stdout: "null",
          stderr: "null",
        }).output().catch(() => {});
        await killLeaf(cwd);
      }
      await endUnder(root);
      await Deno.remove(root, { recursive: true }).catch(() => {});
    }
  },
);
