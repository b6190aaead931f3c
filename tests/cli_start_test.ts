/**
 * Starting like tmux: `weft new` (as `attach` and `mcp`) starts a server in the background when
 * none runs, its output in a rotated `.weft/server.log` that `weft logs` shows.
 */

import { match, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { capLog } from "../plugins/cli/background.ts";
import { weftProcess } from "./helpers/cli.ts";
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

Deno.test("weft in a project it may not write explains in one line, with no stack trace", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-ro-" });
  // chattr +i: read-only even for root (the tests run as root on CI).
  const chattr = (flag: string) => new Deno.Command("chattr", { args: [flag, dir] }).output();
  try {
    strictEqual((await chattr("+i")).code, 0);
    for (const args of [["serve"], ["new", "--", "cat"]]) {
      const run = await weftProcess(dir, ...args);
      strictEqual(run.code, 1, args.join(" "));
      match(run.err, /^weft \w+: .*mkdir '.*\.weft': weft keeps a project's state in its \.weft\//);
      strictEqual(run.err.trimEnd().split("\n").length, 1, run.err);
    }
  } finally {
    await chattr("-i");
    await Deno.remove(dir, { recursive: true });
  }
});
