/**
 * The delivery bench's runner, shared by each agent's `delivery_<kind>.ts` (found by `mod.ts`,
 * never named there, so that a vendor taken out takes its bench along): how long a message
 * takes to reach a real agent, per rung of the delivery ladder, against its vendor's mock
 * answering at once: ms from `message.send` to the first API request that carries the message.
 *
 * - `hook_tool`: the agent loops on a quick shell call (`true`); the message goes in at the
 *   next tool boundary (its after-tool hook).
 * - `hook_stop`: the turn's answer is held until the message is sent, then ends the turn; the
 *   message continues it (its stop hook).
 * - `typed`: the agent idle; the message is typed into its prompt (its hooks confirm it).
 * - `<rung>_via_<via>`: how many of the rung's messages each rung really delivered (the
 *   receipt's `delivered_via`); the percentiles count only those the rung itself delivered (a
 *   hook point that comes after the idle hands a message over first, as the ladder prefers).
 * - `needles_not_once`: messages not in exactly one turn of the last request (0: none was lost
 *   or delivered twice).
 *
 * @module
 */

import { eventually } from "../helpers/poll.ts";
import { type ServerFixture, withServer } from "../helpers/server.ts";
import { percentile } from "./_util.ts";

const SAMPLES = Number(Deno.env.get("WEFT_BENCH_SAMPLES") ?? 10);
const TIMEOUT = 60_000;

/** What the runner asks the mock to answer a conversation request with. */
export type Reply = { tool: true } | { text: string; until?: Promise<void> };

/** One agent under the bench: its mock and its pane. */
export interface BenchAgent {
  /** Its name in the bench's progress lines. */
  name: string;
  /** Why it cannot run here, or undefined. */
  unavailable(): string | undefined;
  /**
   * Starts its mock, answering every conversation request with `answer(request)` (a quick
   * shell call for `{ tool: true }`, allowed without asking), and the agent with weft's hooks
   * in a new session of `fx`, given a first prompt. `taken(text)` says whether a request to
   * the mock carried `text` yet.
   */
  start(
    fx: ServerFixture,
    answer: (request: unknown) => Reply,
    taken: (text: string) => boolean,
  ): Promise<AgentPane>;
}

/** A started agent; disposing of it ends what it started outside the server. */
export interface AgentPane extends AsyncDisposable {
  pane: string;
  /** Submits `text` as a prompt (`taken()`: a request carries it). */
  submit(text: string, taken: () => boolean): Promise<void>;
  /** The conversation requests so far. */
  requests(): unknown[];
  /** How many turns of `request` (a prompt, a hook's context, …) carry `needle`. */
  turns(request: unknown, needle: string): number;
}

const RUNGS = [["hook_tool", "hook"], ["hook_stop", "hook"], ["typed", "typed"]] as const;

/** Runs the three rungs against one pane of `agent`. */
export async function benchAgentDelivery(agent: BenchAgent): Promise<Record<string, number>> {
  const why = agent.unavailable();
  if (why) throw new Error(why);
  const step = (what: string) => console.error(`bench: delivery: ${agent.name}: ${what}`);
  const out: Record<string, number> = {};
  await withServer(async (fx) => {
    let mode: "loop" | "hold" | "end" = "end";
    let release: (() => void) | undefined;
    let last = "";
    const needles: string[] = [];
    const seen = new Map<string, number>();
    const answer = (request: unknown): Reply => {
      const at = performance.now();
      last = JSON.stringify(request);
      for (const n of needles) if (!seen.has(n) && last.includes(n)) seen.set(n, at);
      if (mode === "loop") return { tool: true };
      if (mode === "hold") {
        mode = "end";
        return { text: "Held answer.", until: new Promise<void>((r) => (release = r)) };
      }
      return { text: "Noted." };
    };
    step("starting");
    await using a = await agent.start(fx, answer, (text) => last.includes(text));
    const { pane } = a;
    const submit = (text: string) => a.submit(text, () => last.includes(text));
    const until = (want: string) =>
      eventually(want, async () => (await state(fx, pane)) === want, {
        timeoutMs: TIMEOUT,
        detail: async () => (await fx.client.call("pane.read", { pane })).text,
      });
    const idle = () => until("idle");
    await idle();
    const send = async (content: string) => {
      needles.push(content);
      const t = performance.now();
      const { message_id } = await fx.client.call<{ message_id: string }>("message.send", {
        to: pane,
        content,
      });
      return { t, id: message_id };
    };
    const arrival = (needle: string) =>
      eventually(`a request with ${needle}`, () => seen.get(needle), { timeoutMs: TIMEOUT });
    const samples: Record<(typeof RUNGS)[number][0], { ms: number; id: string }[]> = {
      hook_tool: [],
      hook_stop: [],
      typed: [],
    };

    step("hook at a tool boundary");
    mode = "loop";
    await submit("loop please");
    // Sent while weft knows the agent works (else the idle prompt's rung takes it).
    await until("working");
    for (let i = 0; i < SAMPLES; i++) {
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 150));
      const { t, id } = await send(`bench-tool-${i}.`);
      samples.hook_tool.push({ ms: (await arrival(`bench-tool-${i}.`)) - t, id });
    }
    mode = "end";
    await idle();

    step("hook at a stop");
    for (let i = 0; i < SAMPLES; i++) {
      mode = "hold";
      release = undefined;
      await submit(`turn ${i} please`);
      await eventually("the held request", () => release, { timeoutMs: TIMEOUT });
      await until("working");
      const { t, id } = await send(`bench-stop-${i}.`);
      release!();
      samples.hook_stop.push({ ms: (await arrival(`bench-stop-${i}.`)) - t, id });
      await idle();
    }

    step("typed into the idle prompt");
    for (let i = 0; i < SAMPLES; i++) {
      const { t, id } = await send(`bench-typed-${i}.`);
      samples.typed.push({ ms: (await arrival(`bench-typed-${i}.`)) - t, id });
      // Read before the next: once idle, its receipt says how it went.
      await viaOf(fx, id);
      await idle();
    }

    // Each message reached the model in exactly one turn (no double, no loss).
    const final = a.requests().at(-1);
    out.needles_not_once = needles.filter((n) => a.turns(final, n) !== 1).length;
    for (const [rung, expected] of RUNGS) {
      const vias = await Promise.all(samples[rung].map((s) => viaOf(fx, s.id)));
      step(`${rung} receipts: ${vias.join(" ")}`);
      for (const v of vias) out[`${rung}_via_${v}`] = (out[`${rung}_via_${v}`] ?? 0) + 1;
      const ms = samples[rung].filter((_, i) => vias[i] === expected).map((s) => s.ms);
      out[`${rung}_p50_ms`] = Math.round(percentile(ms, 50));
      out[`${rung}_p90_ms`] = Math.round(percentile(ms, 90));
    }
    out.samples = SAMPLES;
  }, { weft: { plugins: { message: { options: { sendsPerSecond: 1000, sendBurst: 1000 } } } } });
  return out;
}

async function state(fx: ServerFixture, pane: string): Promise<string> {
  return (await fx.client.call<{ state: string }>("pane.status", { pane })).state;
}

/** The rung that delivered message `id` (its receipt's `delivered_via`), or `none`. */
async function viaOf(fx: ServerFixture, id: string): Promise<string> {
  let via: string | undefined;
  await eventually(`${id} read`, async () => {
    const m = await fx.client.call<{ receipts: { delivered_via?: string }[] }>("message.get", {
      id,
    });
    via = m.receipts[0]?.delivered_via;
    return via !== undefined;
  }, { timeoutMs: TIMEOUT }).catch(() => {});
  return via ?? "none";
}
