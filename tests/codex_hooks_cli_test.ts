// `weft hooks` for Codex CLI: its settings are TOML, its user's file is in $CODEX_HOME (else
// ~/.codex), and installing says the review Codex asks for. What every vendor shares is in
// hooks_cli_test.ts.
import { ok, strictEqual } from "node:assert/strict";
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

Deno.test("weft hooks --agent codex: .codex/config.toml, $CODEX_HOME with --user, the review said", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-hooks-cli-" });
  const home = join(dir, "home");
  try {
    const installed = await run(dir, home, "install", "--dir", dir, "--agent", "codex");
    strictEqual(installed.code, 0, installed.err);
    ok(installed.out.includes("Codex CLI: installed weft's hooks"), installed.out);
    ok(installed.out.includes("Hooks need review"), "Codex's review is said");
    ok((await read(join(dir, ".codex/config.toml")))?.includes("# weft hooks"));

    // --user --agent codex: only $CODEX_HOME/config.toml, the user's keys and comments kept.
    const mine = '# mine\nmodel = "o3"\n';
    await Deno.mkdir(join(home, "codex"), { recursive: true });
    await Deno.writeTextFile(join(home, "codex", "config.toml"), mine);
    await Deno.chmod(join(home, "codex", "config.toml"), 0o640);
    strictEqual((await run(dir, home, "install", "--user", "--agent", "codex")).code, 0);
    strictEqual((await Deno.stat(join(home, "codex", "config.toml"))).mode! & 0o777, 0o640);
    ok((await read(join(home, "codex", "config.toml")))!.startsWith(mine));
    const text = (await run(dir, home, "status", "--agent", "codex", "--dir", dir)).out;
    ok(/codex\s+user\s+installed\s+\S+codex\/config\.toml/.test(text), text);
    strictEqual((await run(dir, home, "uninstall", "--user", "--agent", "codex")).code, 0);
    strictEqual(await read(join(home, "codex", "config.toml")), mine);
    strictEqual((await run(dir, home, "uninstall", "--dir", dir, "--agent", "codex")).code, 0);
    strictEqual(await read(join(dir, ".codex/config.toml")), undefined);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("weft hooks install --agent codex: a config.toml it cannot read is named and left", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-hooks-cli-" });
  const home = join(dir, "home");
  try {
    await Deno.mkdir(join(home, "codex"), { recursive: true });
    await Deno.writeTextFile(join(home, "codex", "config.toml"), "model = \n");
    const toml = await run(dir, home, "install", "--user", "--agent", "codex");
    ok(toml.code === 2 && toml.err.includes("not valid TOML"), toml.err);
    strictEqual(await read(join(home, "codex", "config.toml")), "model = \n");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
