/**
 * "Needs you": every agent waiting for a human, from real panes. A program named `claude` that
 * draws Claude Code's permission dialog is read as blocked from its screen, with the dialog's
 * question and its numbered choices; `pane.needs` with wait returns once one does; `weft needs`
 * prints the same (and --json).
 */

import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { E2E, withServer } from "./helpers/server.ts";
import { fakeDialog } from "./helpers/fake_dialog.ts";
import { weftInProcess } from "./helpers/cli.ts";
import type { Need } from "../protocols/bus/records.ts";

Deno.test("pane.needs lists blocked agents with their question and choices", E2E, async () => {
  await withServer(async (fx) => {
    const { client } = fx;
    strictEqual((await client.call("pane.needs", {})).needs.length, 0);
    // --wait returns once an agent needs you.
    const waiting = client.call("pane.needs", { wait: true, timeout: 20_000 });
    const claude = await fakeDialog(fx.dir);
    const { pane } = await client.call("session.create", { argv: [claude] });
    const { needs } = await waiting;
    const need = needs.find((n: Need) => n.pane === pane);
    ok(need, JSON.stringify(needs));
    deepStrictEqual([need.agent, need.state, need.kind], ["claude", "blocked", "permission"]);
    ok(need.question?.includes("rm -rf build"), need.question ?? "no question");
    deepStrictEqual(need.choices.map((c) => c.n), [1, 2, 3]);
    ok(need.choices[2]!.label.startsWith("No, and tell Claude"), need.choices[2]!.label);
    ok(need.waitedMs >= 0);

    const cli = await weftInProcess(fx.dir, "needs", "--json");
    const listed = JSON.parse(cli.out).needs as Need[];
    ok(listed.some((n) => n.pane === pane), cli.out);
    const text = await weftInProcess(fx.dir, "needs");
    ok(text.out.includes(`${pane} claude blocked (permission)`), text.out);
    ok(text.out.includes("  3. No, and tell Claude"), text.out);
  });
});
