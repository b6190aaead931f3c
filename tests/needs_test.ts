/**
 * "Needs you": every agent waiting for a human, from real panes. A program named `claude` that
 * draws Claude Code's permission dialog is read as blocked from its screen, with the dialog's
 * question and its numbered choices; `pane.needs` with wait returns once one does; `weft needs`
 * prints the same (and --json). Answers are checked: a dialog that changed since it was read
 * is refused (STALE) with nothing typed, a read-only caller is refused, `weft approve` types the
 * first choice into the dialog it just read and confirms that it cleared, and a dialog that
 * does not clear is NOT_CLEARED.
 */

import { deepStrictEqual, ok, rejects, strictEqual } from "node:assert/strict";
import { waitForText } from "./helpers/panes.ts";
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

const code = (want: string) => (err: unknown) => (err as { code?: string }).code === want;

Deno.test(
  "pane.answer types only into the dialog it read, and confirms it cleared",
  E2E,
  async () => {
    await withServer(async (fx) => {
      const { client, server } = fx;
      const claude = await fakeDialog(fx.dir);
      const { pane } = await client.call("session.create", { argv: [claude] });
      const { needs } = await client.call("pane.needs", { wait: true, timeout: 20_000 });
      const read = needs.find((n: Need) => n.pane === pane)!;
      ok(read.fingerprint, JSON.stringify(read));

      // The dialog changes (its selection moves) after it was read: refused, nothing typed.
      await client.call("pane.write", { pane, text: "j" });
      await waitForText(client, { pane, match: "❯ 2." });
      await rejects(
        client.call("pane.answer", { pane, choice: 1, fingerprint: read.fingerprint }),
        code("STALE"),
      );
      // A caller that may only read (a read-only MCP session or page) may not answer.
      await rejects(
        server.bus.invoke("pane.answer", { pane, approve: true }, {
          caller: { kind: "mcp", id: "ro", grants: new Set(["pane:read", "message:read"]) },
        }),
        code("DENIED"),
      );
      // Nor may the pane itself (an agent approving its own permission dialog).
      await rejects(
        server.bus.invoke("pane.answer", { pane, approve: true }, {
          caller: { kind: "socket", id: "self", pane, grants: "all" },
        }),
        code("DENIED"),
      );
      // Nor another agent's pane, whatever its rights (an agent's Bash tool running weft
      // approve, or its MCP server): a human answers.
      const other = await client.call("pane.create", { argv: [claude, "--stuck"] });
      await client.call("pane.wait", { pane: other.id, state: "blocked", timeout: 15_000 });
      await rejects(
        server.bus.invoke("pane.answer", { pane, approve: true }, {
          caller: { kind: "socket", id: "agent", pane: other.id, grants: "all" },
        }),
        code("DENIED"),
      );
      const screen = (await client.call("pane.read", { pane })).text;
      ok(!screen.includes("CHOSE") && !screen.includes("IGNORED"), screen);

      // Approved from the CLI: the first choice, into the dialog as it is now.
      const approved = await weftInProcess(fx.dir, "approve", pane);
      strictEqual(approved.code, 0, approved.err);
      ok(approved.out.startsWith(`${pane}: 1. Yes`), approved.out);
      await waitForText(client, { pane, match: "CHOSE 1" });
      await rejects(client.call("pane.answer", { pane, approve: true }), code("STALE"));

      // A dialog that takes no key: typed, but it does not clear.
      const stuck = await client.call("pane.create", { argv: [claude, "--stuck"] });
      await client.call("pane.wait", { pane: stuck.id, state: "blocked", timeout: 15_000 });
      // From a shell pane (a human's weft deny typed there): allowed, typed, not cleared.
      const shell = await client.call("pane.create", { argv: ["bash", "--norc"] });
      await rejects(
        server.bus.invoke("pane.answer", { pane: stuck.id, deny: true }, {
          caller: { kind: "socket", id: "human", pane: shell.id, grants: "all" },
        }),
        code("NOT_CLEARED"),
      );
    });
  },
);
