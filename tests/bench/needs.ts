/**
 * "Needs you" figures: how soon an agent that starts waiting is listed by `pane.needs` with
 * `wait` (what `weft needs --wait` and the page see), from a self-report (`pane.set`, as the
 * status protocol and hooks set a state) and from a dialog drawn on a `claude` pane's screen
 * (the screen heuristics); and how long `pane.answer` takes to type into a dialog and see it
 * clear. A stand-in program draws Claude Code's permission dialog (tests/helpers/fake_dialog.ts).
 * And how soon a permission request held by weft's own hook returns once `pane.answer`
 * decides it (the hook run in a pane, timed until its decision shows there). And the phone
 * page's first useful paint after login: a 390×844 Chromium page opened on a fresh login URL,
 * from the navigation's start to the paint of the needs list's first question, both by
 * Chromium's own clock (Navigation and Element Timing), first (cold) and p50 of the others.
 *
 * @module
 */

import { join } from "node:path";
import { fakeDialog } from "../helpers/fake_dialog.ts";
import { PERMISSION_HOOK_COMMAND } from "../../protocols/hooks/mod.ts";
import { percentile, spawnServer } from "./_util.ts";
import { webReady } from "./web.ts";
import { withBrowser } from "../helpers/browser.ts";
import type { WeftClient } from "../../plugins/client/mod.ts";

const ROUNDS = 15;

/** `deno task bench -- needs` */
export async function benchNeeds(): Promise<Record<string, number>> {
  const server = await spawnServer({ plugins: { web: true } });
  const client = await server.connect();
  const claude = await fakeDialog(server.dir);
  const self: number[] = [];
  const screen: number[] = [];
  const answer: number[] = [];
  const held: number[] = [];
  let paint: number[] = [];
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
    paint = await phonePaints(client, claude);
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
    "phone_page_first_useful_paint_cold_ms": paint[0]!,
    "phone_page_first_useful_paint_p50_ms": percentile(paint.slice(1), 50),
  };
}

/** What Chromium's Element Timing entries carry (not in TypeScript's DOM types). */
interface ElementTiming {
  identifier: string;
  renderTime: number;
}

/**
 * With an agent waiting, opens the page on a phone-sized Chromium ROUNDS times (a fresh login
 * URL and page each time): the time from the navigation's start (the login URL, before its
 * redirect) to the first paint of the needs list, as Chromium's Element Timing reports it.
 */
async function phonePaints(client: WeftClient, claude: string): Promise<number[]> {
  const p = await client.call("session.create", { argv: [claude] });
  await client.call("pane.wait", { pane: p.pane, state: "blocked", timeout: 10_000 });
  const ms: number[] = [];
  await webReady(client);
  await withBrowser(async (browser) => {
    for (let i = 0; i < ROUNDS; i++) {
      const { url } = await client.call<{ url: string }>("web.login", {});
      const page = await browser.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(url);
      ms.push(
        await page.evaluate(() =>
          new Promise<number>((resolve, reject) => {
            setTimeout(() => reject(new Error("the needs list was not painted in 30 s")), 30_000);
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as (PerformanceEntry & ElementTiming)[]) {
                if (e.identifier === "need") resolve(e.renderTime);
              }
            }).observe({ type: "element", buffered: true });
          })
        ),
      );
      await page.close();
    }
  });
  return ms;
}
