/**
 * What one message costs in round trips to the messaging plugin's process: the messages that
 * cross its pipe (`PluginHost.crossings`, both ways, by kind), from `message.send` until the
 * delivery is reported and the agent is idle again, with the real Claude Code (pinned) against
 * the mock Messages API and weft's hooks installed (its state comes from them: a trusted idle).
 * Used by `tests/messaging_pipe_test.ts` (upper bounds) and `deno task bench -- delivery`.
 *
 * @module
 */

import { ok } from "node:assert/strict";
import { startClaude } from "./claude_pane.ts";
import { held, mockAnthropic, text, toolUse } from "./mock_anthropic.ts";
import { eventually } from "./poll.ts";
import { type ServerFixture, withServer } from "./server.ts";
import { crossedSince, type CrossingCounts } from "../../core/plugin/_crossings.ts";
import { weftInProcess } from "./cli.ts";

const TIMEOUT = 60_000;

/** Kinds that cross whatever is sent: the heartbeat and the plugin's log. */
const NOISE = new Set(["out ping", "in pong", "in log"]);

/** The crossings of `counts` that the message caused, and their sum. */
export function tally(counts: CrossingCounts): { total: number; kinds: CrossingCounts } {
  const kinds = Object.fromEntries(Object.entries(counts).filter(([k]) => !NOISE.has(k)));
  return { total: Object.values(kinds).reduce((a, b) => a + b, 0), kinds };
}

async function status(fx: ServerFixture, pane: string) {
  return await fx.client.call<{ state: string; stateSource: string }>("pane.status", { pane });
}

/** Claude Code with weft's hooks installed, its Bash calls allowed, told `prompt`. */
async function hookedClaude(fx: ServerFixture, url: string, prompt: string): Promise<string> {
  const installed = await weftInProcess(fx.dir, "hooks", "install", "--agent", "claude");
  ok(installed.code === 0, installed.err);
  return await startClaude(fx, {
    baseUrl: url,
    prompt,
    settings: { permissions: { allow: ["Bash"] } },
  });
}

async function idleFromHooks(fx: ServerFixture, pane: string): Promise<void> {
  await eventually("idle from the hooks", async () => {
    const s = await status(fx, pane);
    return s.state === "idle" && s.stateSource === "hook";
  }, { timeoutMs: TIMEOUT });
}

/** The `message.delivery` reports, as they come (they cross the pipe once each, as publishes). */
async function reports(fx: ServerFixture): Promise<{ status: string; ids: string[] }[]> {
  const seen: { status: string; ids: string[] }[] = [];
  await fx.client.subscribe({ topics: ["message.delivery"] }, (event) => {
    seen.push(event.data as { status: string; ids: string[] });
  });
  return seen;
}

/**
 * Waits until message `id` is reported delivered `via` and the agent is idle again; returns
 * the pipe's crossings since `before` (the waits ask the core, never the plugin).
 */
async function settled(
  fx: ServerFixture,
  seen: { status: string; ids: string[] }[],
  sent: { pane: string; id: string; via: string },
  before: CrossingCounts,
): Promise<{ total: number; kinds: CrossingCounts }> {
  await eventually(
    `delivered ${sent.via}`,
    () => seen.some((r) => r.status === sent.via && r.ids.includes(sent.id)),
    { timeoutMs: TIMEOUT },
  );
  await idleFromHooks(fx, sent.pane);
  return tally(crossedSince(before, fx.server.host.crossings("message")));
}

/** Runs a typed delivery to an idle Claude Code; the crossings it took. */
export async function typedCrossings(): Promise<{ total: number; kinds: CrossingCounts }> {
  let out!: { total: number; kinds: CrossingCounts };
  await withServer(async (fx) => {
    await using api = await mockAnthropic([text("Hello."), text("Noted.")]);
    const pane = await hookedClaude(fx, api.url, "hello");
    await idleFromHooks(fx, pane);
    const seen = await reports(fx);
    const before = fx.server.host.crossings("message");
    const sent = await fx.client.call<{ message_id: string }>("message.send", {
      to: pane,
      content: "please look at a.ts",
    });
    await fx.client.call("pane.wait", { pane, match: "Noted.", timeout: TIMEOUT });
    out = await settled(fx, seen, { pane, id: sent.message_id, via: "typed" }, before);
  });
  return out;
}

/** Runs a hand-over at a tool boundary of a working Claude Code; the crossings it took. */
export async function hookCrossings(): Promise<{ total: number; kinds: CrossingCounts }> {
  let out!: { total: number; kinds: CrossingCounts };
  await withServer(async (fx) => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    await using api = await mockAnthropic([
      held(gate, toolUse("Bash", { command: "echo step-one", description: "one" })),
      text("Done."),
    ]);
    const pane = await hookedClaude(fx, api.url, "run the step");
    await eventually("the hooks to report working", async () => {
      const s = await status(fx, pane);
      return s.state === "working" && s.stateSource === "hook";
    }, { timeoutMs: TIMEOUT });
    const seen = await reports(fx);
    const before = fx.server.host.crossings("message");
    const sent = await fx.client.call<{ message_id: string }>("message.send", {
      to: pane,
      content: "please also look at b.ts",
    });
    open();
    await fx.client.call("pane.wait", { pane, match: "Done.", timeout: TIMEOUT });
    out = await settled(fx, seen, { pane, id: sent.message_id, via: "hook" }, before);
  });
  return out;
}
