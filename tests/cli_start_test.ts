/**
 * Starting like tmux: `weft new` (as `attach` and `mcp`) starts a server in the background when
 * none runs, its output in a rotated `.weft/server.log` that `weft logs` shows.
 */

import { match, ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { capLog } from "../plugins/cli/background.ts";
import { weftProcess, weftProcessWith } from "./helpers/cli.ts";
import { eventually } from "./helpers/poll.ts";

/** Stops the project's server however it is (weft stop, else its pid). */
async function stopServer(dir: string): Promise<void> {
  if ((await weftProcess(dir, "stop")).code === 0) return;
  try {
    const { pid } = JSON.parse(await Deno.readTextFile(join(dir, ".weft", "server.json")));
    Deno.kill(pid, "SIGKILL");
  } catch { /* none */ }
}

Deno.test("weft new starts a server in the background, logging to .weft/server.log", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-start-" });
  try {
    const made = await weftProcess(dir, "new", "--", "cat");
    strictEqual(made.code, 0, made.err);
    match(made.out, /^p\d+\n$/);
    match(made.err, /^weft: started a server for .* \(log: .*server\.log; weft stop ends it\)\n$/);
    const log = join(dir, ".weft", "server.log");
    strictEqual((await Deno.stat(log)).mode! & 0o777, 0o600);
    // A second call finds it running: no second server.
    const again = await weftProcess(dir, "new", "--", "cat");
    strictEqual(again.code, 0, again.err);
    strictEqual(again.err, "");
    const logs = await eventually("the ready line in weft logs", async () => {
      const run = await weftProcess(dir, "logs");
      return run.out.includes("weft: serving") && run;
    });
    strictEqual(logs.code, 0);
    strictEqual((await weftProcess(dir, "stop")).code, 0);
    await eventually(
      "the stop line in the log",
      async () => (await Deno.readTextFile(log)).includes("weft: stopped"),
    );
    // The next start keeps this run's log as server.log.1.
    strictEqual((await weftProcess(dir, "new", "--", "cat")).code, 0);
    match(await Deno.readTextFile(`${log}.1`), /weft: serving[\s\S]*weft: stopped/);
  } finally {
    await stopServer(dir);
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("weft alone without a terminal prints the help instead of attaching", async () => {
  const run = await weftProcess(Deno.cwd());
  strictEqual(run.code, 0, run.err);
  match(run.out, /^weft: a terminal multiplexer for AI coding agents/);
});

Deno.test("capLog() rotates a log past its cap and empties it in place", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const log = join(dir, "server.log");
    await Deno.writeTextFile(log, "x".repeat(100));
    await capLog(log, 200);
    strictEqual(await Deno.readTextFile(log), "x".repeat(100), "under the cap: kept");
    await Deno.writeTextFile(log, "y".repeat(300));
    await capLog(log, 200);
    strictEqual(await Deno.readTextFile(log), "");
    strictEqual(await Deno.readTextFile(`${log}.1`), "y".repeat(300));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test(
  "weft in a project it may not write keeps its state in the user's state folder, says so in one line, and every command finds it",
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "weft-ro-" });
    const home = await Deno.makeTempDir({ prefix: "weft-ro-home-" });
    const env = { XDG_STATE_HOME: join(home, "state"), XDG_RUNTIME_DIR: join(home, "run") };
    const weft = (...args: string[]) => weftProcessWith({ cwd: dir, env }, ...args);
    // chattr +i: read-only even for root (the tests run as root on CI).
    const chattr = (flag: string) => new Deno.Command("chattr", { args: [flag, dir] }).output();
    try {
      strictEqual((await chattr("+i")).code, 0);
      const made = await weft("new", "--json", "--", "cat");
      strictEqual(made.code, 0, made.err);
      const state = join(home, "state", "weft");
      match(made.err, /cannot be written, so its state \(\.weft\/\) is kept in /);
      match(made.err, new RegExp(`kept in ${state}/weft-ro-\\w+-[0-9a-f]{8}\n`));
      const listed = await weft("ls", "--json");
      strictEqual(listed.code, 0, listed.err);
      strictEqual(JSON.parse(listed.out).panes.length, 2);
      // The log's ready line comes once the plugins have started, after the socket answers.
      await eventually("the ready line in weft logs", async () => {
        const logs = await weft("logs");
        return logs.code === 0 && /weft: serving /.test(logs.out);
      });
      // A plugin's data folder (the messaging store) is in the state folder too.
      const groups = await weft("call", "message.group_list", "{}");
      strictEqual(groups.code, 0, groups.err);
      const folders = await Array.fromAsync(Deno.readDir(state));
      const own = folders.find((f) => f.isDirectory && f.name.startsWith("weft-ro-"))!;
      const data = join(state, own.name, "data");
      ok((await Array.fromAsync(Deno.readDir(join(data, "message")))).length > 0);
      match((await weft("doctor")).out, /state is kept in .*weft-ro-/);
      const all = await weft("ls", "--all-projects", "--json");
      strictEqual(JSON.parse(all.out).projects[0].projectDir, dir);
      strictEqual((await weft("stop")).code, 0);
    } finally {
      await weft("stop");
      await chattr("-i");
      await Deno.remove(dir, { recursive: true });
      await Deno.remove(home, { recursive: true });
    }
  },
);
