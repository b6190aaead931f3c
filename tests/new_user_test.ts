/**
 * A new user's first hour, scripted: weft installed as a command from this checkout (the
 * README's `deno task install`), then used in a git project that is neither weft's checkout nor
 * a Deno project: init, a pane (which starts the server), typing and reading, the log, the
 * doctor, stop.
 */

import { match, strictEqual } from "node:assert/strict";
import { dirname, join } from "node:path";
import { eventually } from "./helpers/poll.ts";

const CHECKOUT = new URL("..", import.meta.url).pathname;

Deno.test("a new user installs weft and uses it in a project of their own", async () => {
  const root = await Deno.makeTempDir({ prefix: "weft-user-" });
  const project = join(root, "proj");
  await Deno.mkdir(project);
  // The installed launcher runs `deno` from PATH, as a user's shell would.
  const path = `${join(root, "bin")}:${dirname(Deno.execPath())}:${Deno.env.get("PATH") ?? ""}`;
  const env = { PATH: path, HOME: Deno.env.get("HOME") ?? root, DENO_INSTALL_ROOT: root };
  const run = async (cwd: string, cmd: string, ...args: string[]) => {
    const out = await new Deno.Command(cmd, {
      args,
      cwd,
      env,
      clearEnv: true,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = (b: Uint8Array) => new TextDecoder().decode(b);
    return { code: out.code, out: text(out.stdout), err: text(out.stderr) };
  };
  const weft = async (...args: string[]) => {
    const r = await run(project, "weft", ...args);
    strictEqual(r.code, 0, `weft ${args.join(" ")}: ${r.err}`);
    return r;
  };
  try {
    strictEqual((await run(CHECKOUT, Deno.execPath(), "task", "install")).code, 0);
    strictEqual((await run(project, "git", "init", "-q")).code, 0);
    match((await weft("--version")).out, /^weft \d+\.\d+\.\d+\n$/);
    await weft("init");
    const made = await weft("new", "--name", "tests", "--", "cat");
    match(made.err, /started a server/);
    await weft("send", "tests", "hello from a new user", "--enter");
    await eventually(
      "the echo in weft read",
      async () => (await weft("read", "tests")).out.includes("hello from a new user"),
    );
    match((await weft("ls")).out, /tests/);
    // The log's ready line comes once the plugins have started, which may be after the socket
    // answered the calls above (a quicker CLI gets here first).
    await eventually(
      "the ready line in weft logs",
      async () => /weft: serving/.test((await weft("logs")).out),
    );
    match((await weft("doctor")).out, /ok {4}weft is installed as a command/);
    strictEqual((await run(project, "git", "status", "--porcelain")).out, "?? weft.toml\n");
    await weft("stop");
  } finally {
    await run(project, "weft", "stop").catch(() => {});
    await Deno.remove(root, { recursive: true });
  }
});
