// `weft hooks install|uninstall|status` for every vendor with hooks (Claude Code, Codex, Gemini
// CLI), through the real CLI entry point on real files in a temporary project and HOME: each
// vendor's project file by default, the user's with --user, one vendor with --agent; a file weft
// cannot read stops the whole install before anything is written.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { weft } from "../main.ts";

async function run(dir: string, home: string, ...args: string[]) {
  let out = "";
  let err = "";
  const env: Record<string, string> = { HOME: home, CODEX_HOME: join(home, "codex") };
  const code = await weft(["hooks", ...args], {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    cwd: dir,
    env: (name) => env[name],
  });
  return { code, out, err };
}

const read = (path: string) => Deno.readTextFile(path).catch(() => undefined);

Deno.test("weft hooks: install, status and uninstall for every vendor, project and user", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-hooks-cli-" });
  const home = join(dir, "home");
  try {
    const installed = await run(dir, home, "install", "--dir", dir);
    strictEqual(installed.code, 0, installed.err);
    for (const title of ["Claude Code", "Codex CLI", "Gemini CLI"]) {
      ok(installed.out.includes(`${title}: installed weft's hooks`), installed.out);
    }
    ok(installed.out.includes("Hooks need review"), "Codex's review is said");
    for (
      const file of [".claude/settings.local.json", ".codex/config.toml", ".gemini/settings.json"]
    ) {
      ok((await read(join(dir, file)))?.includes("# weft hooks"), file);
    }
    const again = await run(dir, home, "install", "--dir", dir, "--json");
    deepStrictEqual(JSON.parse(again.out).files.map((f: { changed: boolean }) => f.changed), [
      false,
      false,
      false,
    ]);

    const status = JSON.parse((await run(dir, home, "status", "--dir", dir, "--json")).out);
    deepStrictEqual(
      status.files.map((f: { agent: string; scope: string; state: string }) =>
        `${f.agent} ${f.scope} ${f.state}`
      ),
      [
        "claude project installed",
        "claude project missing",
        "claude user missing",
        "codex project installed",
        "codex user missing",
        "gemini project installed",
        "gemini user missing",
      ],
    );
    strictEqual(status.files[4].file, join(home, "codex", "config.toml"));

    // --user --agent codex: only $CODEX_HOME/config.toml, the user's keys and comments kept.
    const mine = '# mine\nmodel = "o3"\n';
    await Deno.mkdir(join(home, "codex"), { recursive: true });
    await Deno.writeTextFile(join(home, "codex", "config.toml"), mine);
    await Deno.chmod(join(home, "codex", "config.toml"), 0o640);
    strictEqual((await run(dir, home, "install", "--user", "--agent", "codex")).code, 0);
    strictEqual((await Deno.stat(join(home, "codex", "config.toml"))).mode! & 0o777, 0o640);
    strictEqual((await Deno.stat(join(dir, ".gemini", "settings.json"))).mode! & 0o777, 0o600);
    ok((await read(join(home, "codex", "config.toml")))!.startsWith(mine));
    strictEqual(await read(join(home, ".claude", "settings.json")), undefined);
    const text = (await run(dir, home, "status", "--agent", "codex", "--dir", dir)).out;
    ok(/codex\s+user\s+installed\s+\S+config\.toml/.test(text), text);
    strictEqual((await run(dir, home, "uninstall", "--user", "--agent", "codex")).code, 0);
    strictEqual(await read(join(home, "codex", "config.toml")), mine);

    // Uninstalled from the project: files that held only weft's hooks go.
    const removed = await run(dir, home, "uninstall", "--dir", dir);
    strictEqual(removed.code, 0, removed.err);
    for (
      const file of [".claude/settings.local.json", ".codex/config.toml", ".gemini/settings.json"]
    ) {
      strictEqual(await read(join(dir, file)), undefined, file);
    }
    strictEqual((await run(dir, home, "install", "--agent", "aider")).code, 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("weft hooks install: a file it cannot read is named, left as it was, and nothing is written", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-hooks-cli-" });
  const home = join(dir, "home");
  try {
    const bad = join(dir, ".gemini", "settings.json");
    await Deno.mkdir(join(dir, ".gemini"));
    await Deno.writeTextFile(bad, "{ // my comment\n}");
    const out = await run(dir, home, "install", "--dir", dir);
    strictEqual(out.code, 2);
    ok(out.err.includes(bad) && out.err.includes("not JSON"), out.err);
    strictEqual(await read(bad), "{ // my comment\n}");
    strictEqual(await read(join(dir, ".claude", "settings.local.json")), undefined);
    strictEqual(await read(join(dir, ".codex", "config.toml")), undefined);
    const status = await run(dir, home, "status", "--dir", dir, "--agent", "gemini");
    strictEqual(status.code, 0);
    ok(/gemini\s+project\s+unreadable/.test(status.out), status.out);
    // A broken config.toml likewise.
    await Deno.mkdir(join(home, "codex"), { recursive: true });
    await Deno.writeTextFile(join(home, "codex", "config.toml"), "model = \n");
    const toml = await run(dir, home, "install", "--user", "--agent", "codex");
    ok(toml.code === 2 && toml.err.includes("not valid TOML"), toml.err);
    strictEqual(await read(join(home, "codex", "config.toml")), "model = \n");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
