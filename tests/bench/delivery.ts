/**
 * `deno task bench -- delivery`: how long a message takes to reach an agent, per rung of the
 * delivery ladder, with the real Claude Code (pinned) against the mock Messages API answering
 * at once: ms from `message.send` to the first API request that carries the message.
 *
 * - `hook_tool`: Claude Code loops on a quick Bash call (`true`); the message goes in at the
 *   next tool boundary (PostToolUse).
 * - `hook_stop`: the turn's answer is held until the message is sent, then ends the turn; the
 *   message continues it (Stop).
 * - `typed`: Claude Code idle; the message is typed into its prompt (its hooks confirm it).
 *   Only messages whose receipt says `typed` count (`typed_by_typing` of `samples`): a hook
 *   point that comes after the idle hands a message over first, as the ladder prefers.
 * - `needles_not_once`: messages not in exactly one user turn of the last request (0: none
 *   was lost or delivered twice).
 * - `pipe_crossings_per_typed_send`, `pipe_crossings_per_hook_send`: the messages that crossed
 *   the messaging plugin's pipe (both ways) for one message, typed or handed over at a tool
 *   boundary, each in a server of its own (`tests/helpers/pipe_crossings.ts`).
 *
 * Runnable alone: `deno run -A --unstable-worker-options tests/bench/delivery.ts`.
 *
 * @module
 */

import { claudeUnavailable } from "../helpers/claude_code.ts";
import { startClaude } from "../helpers/claude_pane.ts";
import {
  type MessagesRequest,
  mockAnthropic,
  text,
  toolUse,
  type Turn,
} from "../helpers/mock_anthropic.ts";
import { eventually } from "../helpers/poll.ts";
import { type ServerFixture, withServer } from "../helpers/server.ts";
import { weft } from "../../main.ts";
import { percentile } from "./_util.ts";
import { hookCrossings, typedCrossings } from "../helpers/pipe_crossings.ts";

const SAMPLES = Number(Deno.env.get("WEFT_BENCH_SAMPLES") ?? 10);
const TIMEOUT = 60_000;
const step = (what: string) => console.error(`bench: delivery: ${what}`);

type Mode = "loop" | "hold" | "end";

/** Resolves once a request to the mock carries `needle`; the time it arrived. */
async function arrival(seen: Map<string, number>, needle: string): Promise<number> {
  return await eventually(`a request with ${needle}`, () => seen.get(needle), {
    timeoutMs: TIMEOUT,
  });
}

async function state(fx: ServerFixture, pane: string): Promise<string> {
  return (await fx.client.call<{ state: string }>("pane.status", { pane })).state;
}

/** Runs the three rungs against one Claude Code pane. */
export async function benchDelivery(): Promise<Record<string, number>> {
  const why = claudeUnavailable();
  if (why) throw new Error(why);
  const out: Record<string, number> = {};
  await withServer(async (fx) => {
    let mode: Mode = "end";
    let release: (() => void) | undefined;
    const needles: string[] = [];
    const seen = new Map<string, number>();
    const answer = (request: MessagesRequest): Turn => {
      const at = performance.now();
      const body = JSON.stringify(request.messages.at(-1) ?? {});
      for (const n of needles) if (!seen.has(n) && body.includes(n)) seen.set(n, at);
      if (mode === "loop") return toolUse("Bash", { command: "true", description: "loop" });
      if (mode === "hold") {
        mode = "end";
        return { ...text("Held answer."), until: new Promise<void>((r) => (release = r)) };
      }
      return text("Noted.");
    };
    await using api = await mockAnthropic([], { after: answer });
    await weft(["hooks", "install", "--dir", fx.dir], {
      out: () => {},
      err: (t) => console.error(t),
      cwd: fx.dir,
      env: (name) => Deno.env.get(name),
    });
    step("starting Claude Code");
    const pane = await startClaude(fx, {
      baseUrl: api.url,
      prompt: "hello",
      settings: { permissions: { allow: ["Bash"] } },
    });
    const idle = () =>
      eventually("idle", async () => (await state(fx, pane)) === "idle", { timeoutMs: TIMEOUT });
    await idle();
    const send = async (content: string) => {
      needles.push(content);
      const t = performance.now();
      await fx.client.call("message.send", { to: pane, content });
      return t;
    };

    step("hook at a tool boundary");
    mode = "loop";
    await fx.client.call("pane.write", { pane, text: "loop please", submit: true });
    const tool: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 150));
      const t = await send(`bench-tool-${i}`);
      tool.push((await arrival(seen, `bench-tool-${i}`)) - t);
    }
    mode = "end";
    await idle();

    step("hook at a stop");
    const stop: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      mode = "hold";
      release = undefined;
      await fx.client.call("pane.write", { pane, text: `turn ${i}`, submit: true });
      await eventually("the held request", () => release, { timeoutMs: TIMEOUT });
      const t = await send(`bench-stop-${i}`);
      release!();
      stop.push((await arrival(seen, `bench-stop-${i}`)) - t);
      await idle();
    }

    step("typed into the idle prompt");
    const typed: number[] = [];
    const vias: string[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t = await send(`bench-typed-${i}`);
      typed.push((await arrival(seen, `bench-typed-${i}`)) - t);
      // Read before the next: once idle, its receipt says how it went.
      let via: string | undefined;
      await eventually(`bench-typed-${i} read`, async () => {
        const { messages } = await fx.client.call<{ messages: { message_id: string }[] }>(
          "message.log",
          { limit: 1 },
        );
        const m = await fx.client.call<{ receipts: { delivered_via?: string }[] }>(
          "message.get",
          { id: messages[0]!.message_id },
        );
        via = m.receipts[0]?.delivered_via;
        return via !== undefined;
      }, { timeoutMs: TIMEOUT });
      vias.push(via!);
      await idle();
    }
    out.typed_by_typing = vias.filter((v) => v === "typed").length;
    console.error(`bench: delivery: typed rung receipts: ${vias.join(" ")}`);
    // Each message reached the model in exactly one user turn (no double, no loss).
    const last = api.conversation().at(-1)!;
    out.needles_not_once = needles.filter((n) =>
      last.messages.filter((m) =>
        m.role === "user" && JSON.stringify(m.content).includes(n)
      )
        .length !== 1
    ).length;
    // A message the hooks took first (a hook point came after the idle) is not a typed figure.
    const typedOnly = typed.filter((_, i) => vias[i] === "typed");
    for (
      const [name, samples] of [["hook_tool", tool], ["hook_stop", stop], ["typed", typedOnly]]
    ) {
      const s = samples as number[];
      out[`${name}_p50_ms`] = Math.round(percentile(s, 50));
      out[`${name}_p90_ms`] = Math.round(percentile(s, 90));
    }
    out.samples = SAMPLES;
  }, { weft: { plugins: { message: { options: { sendsPerSecond: 1000, sendBurst: 1000 } } } } });
  step("pipe crossings");
  out.pipe_crossings_per_typed_send = (await typedCrossings()).total;
  out.pipe_crossings_per_hook_send = (await hookCrossings()).total;
  return out;
}

if (import.meta.main) console.table(await benchDelivery());
