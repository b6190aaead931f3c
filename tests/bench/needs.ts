/**
 * "Needs you" figures: how soon an agent that starts waiting is listed by `pane.needs` with
 * `wait` (what `weft needs --wait` and the page see), from a self-report (`pane.set`, as the
 * status protocol and hooks set a state) and from a dialog drawn on a `claude` pane's screen
 * (the screen heuristics); and how long `pane.answer` takes to type into a dialog and see it
 * clear. A stand-in program draws Claude Code's permission dialog (tests/helpers/fake_dialog.ts).
 * And how soon a permission request held by weft's own hook returns once `pane.answer`
 * decides it (the hook run in a pane, timed until its decision shows there).
 *
 * @module
 */

import { join } from "node:path";
import { fakeDialog } from "../helpers/fake_dialog.ts";
import { PERMISSION_HOOK_COMMAND } from "../../protocols/hooks/mod.ts";
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
  const held: number[] = [];
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
    // weft's own PermissionRequest hook run in a pane (as Claude Code runs it there), held by
    // the door; pane.answer approves it; timed until the hook has printed the decision.
    await Deno.writeTextFile(join(server.dir, "hook.sh"), PERMISSION_HOOK_COMMAND);
    const event = { hook_event_name: "PermissionRequest", tool_name: "Bash", tool_input: {} };
    await Deno.writeTextFile(join(server.dir, "event.json"), JSON.stringify(event));
    const h = await client.call("session.create", { argv: ["bash", "--norc", "--noprofile"] });
    for (let i = 0; i < ROUNDS; i++) {
      const listed = client.call("pane.needs", { wait: true, timeout: 10_000 });
      await client.call("pane.write", {
        pane: h.pane,
        text: `clear; bash hook.sh < event.json | grep -c allow | sed 's/^/HELD-/'`,
        submit: true,
      });
      await listed;
      while (!(await client.call("pane.needs", {})).needs.some((n) => n.held)) {
        await new Promise((r) => setTimeout(r, 5));
      }
      const returned = client.call("pane.wait", { pane: h.pane, match: "HELD-1", timeout: 10_000 });
      const a = performance.now();
      await client.call("pane.answer", { pane: h.pane, approve: true });
      await returned;
      held.push(performance.now() - a);
      await client.call("pane.set", { pane: h.pane, state: "idle" });
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
    "held_answer_to_hook_return_p50_ms": percentile(held, 50),
    "held_answer_to_hook_return_p95_ms": percentile(held, 95),
  };
}
