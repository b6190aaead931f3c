/**
 * "Needs you" figures: how soon an agent that starts waiting is listed by `pane.needs` with
 * `wait` (what `weft needs --wait` and the page see), from a self-report (`pane.set`, as the
 * status protocol and hooks set a state) and from a dialog drawn on a `claude` pane's screen
 * (the screen heuristics); and how long `pane.answer` takes to type into a dialog and see it
 * clear. A stand-in program draws Claude Code's permission dialog (tests/helpers/fake_dialog.ts).
 *
 * @module
 */

import { fakeDialog } from "../helpers/fake_dialog.ts";
import { percentile, spawnServer } from "./_util.ts";

const ROUNDS = 15;

/** `deno task bench -- needs` */
export async function benchNeeds(): Promise<Record<string, number>> {
  const server = await spawnServer();
  const client = await server.connect();
  const claude = await fakeDialog(server.dir);
  const self: number[] = [];
  const screen: number[] = [];
  const answer: number[] = [];
  try {
    const sh = await client.call("session.create", { argv: ["bash", "--norc", "--noprofile"] });
    for (let i = 0; i < ROUNDS; i++) {
      const listed = client.call("pane.needs", { wait: true, timeout: 10_000 });
      const t = performance.now();
      await client.call("pane.set", { pane: sh.pane, state: "blocked", message: `round ${i}` });
      await listed;
      self.push(performance.now() - t);
      await client.call("pane.set", { pane: sh.pane, state: "working" });
    }
    for (let i = 0; i < ROUNDS; i++) {
      const p = await client.call("pane.create", { argv: [claude, "--later"] });
      await client.call("pane.wait", { pane: p.id, match: "ready", timeout: 10_000 });
      const listed = client.call("pane.needs", { wait: true, timeout: 10_000 });
      const t = performance.now();
      await client.call("pane.write", { pane: p.id, text: "d" });
      await listed;
      screen.push(performance.now() - t);
      const a = performance.now();
      await client.call("pane.answer", { pane: p.id, approve: true });
      answer.push(performance.now() - a);
      await client.call("pane.close", { pane: p.id });
    }
  } finally {
    client.close();
    await server.stop();
  }
  return {
    "listed_after_self_report_p50_ms": percentile(self, 50),
    "listed_after_self_report_p95_ms": percentile(self, 95),
    "listed_after_dialog_drawn_p50_ms": percentile(screen, 50),
    "listed_after_dialog_drawn_p95_ms": percentile(screen, 95),
    "answer_typed_and_cleared_p50_ms": percentile(answer, 50),
    "answer_typed_and_cleared_p95_ms": percentile(answer, 95),
  };
}
