/**
 * Failing loudly and leaving nothing behind: a missing program is an error naming it in
 * `weft new`, `split`, `run` and layout files (no dead pane), and Ctrl-C on `weft run` ends the
 * command and its pane.
 */

import { deepStrictEqual, match, notStrictEqual, ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { weftArgs, weftProcess } from "./helpers/cli.ts";
import { eventually, untilEvent } from "./helpers/poll.ts";
import { E2E, onEvents, withServer } from "./helpers/server.ts";

const MISSING = "weft-no-such-program";
const CORE_AND_LAYOUT = {
  weft: { plugins: { sideband: false, canvas: false, message: false } },
  startupSession: true,
};

Deno.test("a missing program is an error naming it, and no pane is left", E2E, async () => {
  await withServer(async ({ dir, client }) => {
    const panes = async () =>
      (await client.call<{ panes: { id: string }[] }>("pane.list")).panes.map((p) => p.id);
    const before = await panes();
    const layout = join(dir, "two.toml");
    await Deno.writeTextFile(
      layout,
      `[[window]]\ndirection = "horizontal"\n[[window.splits]]\nratio = 0.5\npane = { command = "cat" }\n` +
        `[[window.splits]]\nratio = 0.5\npane = { command = "${MISSING} --resume" }\n`,
    );
    const runs = [
      ["new", "--", MISSING],
      ["new", "--", `${MISSING} --flag && echo after`],
      ["split", "p1", "-h", "--", MISSING, "-x"],
      ["run", "--", MISSING],
      ["layout", "apply", layout],
    ];
    for (const args of runs) {
      const run = await weftProcess(dir, ...args);
      notStrictEqual(run.code, 0, args.join(" "));
      match(run.err, new RegExp(`Cannot spawn "${MISSING}": no such program`), args.join(" "));
    }
    deepStrictEqual(await panes(), before);
  }, CORE_AND_LAYOUT);
});

Deno.test("Ctrl-C on weft run ends the command and its pane", E2E, async () => {
  await withServer(async ({ dir, client }) => {
    const child = new Deno.Command(Deno.execPath(), {
      args: weftArgs("run", "--", "sleep", "300"),
      cwd: dir,
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
    const pane = await untilEvent("weft run's pane", {
      on: onEvents(client, { topics: ["pane.created", "pane.state"] }),
      check: async () =>
        (await client.call<{ panes: { id: string; command: string; pid: number }[] }>("pane.list"))
          .panes.find((p) => p.command === "sleep 300"),
    });
    ok(pane.pid > 0);
    child.kill("SIGINT");
    const status = await child.status;
    notStrictEqual(status.code, 0);
    await untilEvent("the pane to close", {
      on: onEvents(client, { topics: ["pane.closed", "pane.exited"] }),
      check: async () =>
        !(await client.call<{ panes: { id: string }[] }>("pane.list")).panes
          .some((p) => p.id === pane.id),
    });
    // The program itself is gone, not only the pane (no event tells: /proc is polled).
    await eventually("sleep 300 to end", async () => {
      try {
        const stat = await Deno.readTextFile(`/proc/${pane.pid}/stat`);
        return stat.includes(") Z ") || !stat.includes("(sleep)");
      } catch {
        return true;
      }
    });
    strictEqual((await weftProcess(dir, "run", "--", "true")).code, 0);
  }, CORE_AND_LAYOUT);
});
