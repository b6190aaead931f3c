// `weft hooks install|uninstall|status` for every vendor with hooks (the vendor table's: none is
// named here), through the real CLI entry point on real files in a temporary project and HOME:
// each vendor's project file by default, the user's with --user, one vendor with --agent; a file
// weft cannot read stops the whole install before anything is written.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { weft } from "../main.ts";
import { HOOKED } from "../plugins/cli/hook_files.ts";

async function run(dir: string, home: string, ...args: string[]) {
  let out = "";
  let err = "";
  const env: Record<string, string> = { HOME: home };
  const code = await weft(["hooks", ...args], {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    cwd: dir,
    env: (name) => env[name],
  });
  return { code, out, err };
}

const read = (path: string) => Deno.readTextFile(path).catch(() => undefined);
/** The file each vendor's hooks go in by default: its first project file. */
const firsts = HOOKED.map((v) => v.settings.project![0]!);

Deno.test("weft hooks: install, status and uninstall for every vendor, project and user", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-hooks-cli-" });
  const home = join(dir, "home");
  try {
    const installed = await run(dir, home, "install", "--dir", dir);
    strictEqual(installed.code, 0, installed.err);
    for (const { title } of HOOKED) {
      ok(installed.out.includes(`${title}: installed weft's hooks`), installed.out);
    }
    for (const file of firsts) {
      ok((await read(join(dir, file)))?.includes("# weft hooks"), file);
      strictEqual((await Deno.stat(join(dir, file))).mode! & 0o777, 0o600, file);
    }
    const again = await run(dir, home, "install", "--dir", dir, "--json");
    deepStrictEqual(
      JSON.parse(again.out).files.map((f: { changed: boolean }) => f.changed),
      HOOKED.map(() => false),
    );

    const status = JSON.parse((await run(dir, home, "status", "--dir", dir, "--json")).out);
    deepStrictEqual(
      status.files.map((f: { agent: string; scope: string; state: string }) =>
        `${f.agent} ${f.scope} ${f.state}`
      ),
      HOOKED.flatMap((v) => [
        ...v.settings.project!.map((_, i) => `${v.kind} project ${i ? "missing" : "installed"}`),
        `${v.kind} user missing`,
      ]),
    );

    // --user --agent claude: only the user's file; its mode and the user's settings kept.
    const one = HOOKED.find((v) => v.kind === "claude");
    const user = one!.settings.user((name) => ({ HOME: home })[name]);
    const mine = '{\n  "model": "opus"\n}\n';
    await Deno.mkdir(join(user, ".."), { recursive: true });
    await Deno.writeTextFile(user, mine);
    await Deno.chmod(user, 0o640);
    strictEqual((await run(dir, home, "install", "--user", "--agent", one!.kind)).code, 0);
    strictEqual((await Deno.stat(user)).mode! & 0o777, 0o640);
    const text = (await run(dir, home, "status", "--agent", one!.kind, "--dir", dir)).out;
    ok(new RegExp(`${one!.kind}\\s+user\\s+installed\\s+${user}`).test(text), text);
    strictEqual((await run(dir, home, "uninstall", "--user", "--agent", one!.kind)).code, 0);
    strictEqual(await read(user), mine);

    // Uninstalled from the project: files that held only weft's hooks go.
    const removed = await run(dir, home, "uninstall", "--dir", dir);
    strictEqual(removed.code, 0, removed.err);
    for (const file of firsts) strictEqual(await read(join(dir, file)), undefined, file);
    const unknown = await run(dir, home, "install", "--agent", "no-such-agent");
    strictEqual(unknown.code, 2);
    ok(unknown.err.includes(HOOKED.map((v) => v.kind).join("|")), unknown.err);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("weft hooks install: a file it cannot read is named, left as it was, and nothing is written", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-hooks-cli-" });
  const home = join(dir, "home");
  try {
    // The last vendor's file is bad: the others, read before it, are not written either.
    const last = HOOKED.at(-1)!;
    const bad = join(dir, firsts.at(-1)!);
    await Deno.mkdir(join(bad, ".."), { recursive: true });
    await Deno.writeTextFile(bad, "{ // my comment\n}\n[[");
    const out = await run(dir, home, "install", "--dir", dir);
    strictEqual(out.code, 2);
    ok(out.err.includes(bad) && out.err.includes("fix or move it"), out.err);
    strictEqual(await read(bad), "{ // my comment\n}\n[[");
    for (const file of firsts.slice(0, -1)) strictEqual(await read(join(dir, file)), undefined);
    const status = await run(dir, home, "status", "--dir", dir, "--agent", last.kind);
    strictEqual(status.code, 0);
    ok(new RegExp(`${last.kind}\\s+project\\s+unreadable`).test(status.out), status.out);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
