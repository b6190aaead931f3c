/**
 * Messages across hosts beside local ones, from the same run: a hub and two weft servers on
 * this machine (real nats-server processes). Wake latency from `message.send` on laptop to the
 * reply of a blocked `message.wait`, for a name on laptop and for `bob@buildbox`; then 1,000
 * cross-host sends acknowledged while buildbox's weft server is killed with SIGKILL a third of
 * the way (and started again): how many acknowledged messages never reached bob's store, and
 * how many reached it twice.
 *
 * Part of `deno task bench -- fabric`.
 *
 * @module
 */

import type { WeftClient } from "../../plugins/client/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { endHost, endHub, joinHost, startHub, type TestHost, untilUp } from "../helpers/fabric.ts";
import { percentile } from "./_util.ts";

const SAMPLES = Number(Deno.env.get("WEFT_BENCH_SAMPLES") ?? 200);
const ACKED = 1000;
const FAST = { message: { options: { sendsPerSecond: 1_000_000, sendBurst: 1_000_000 } } };
const step = (what: string) => console.error(`bench: fabric messaging: ${what}`);

/** Resolves once `name` has a wait blocking on `host`'s server. */
async function waiting(host: WeftClient, name: string): Promise<void> {
  for (;;) {
    const { agents } = await host.call<{ agents: { name: string; waiting: number }[] }>(
      "message.agents",
      {},
    );
    if ((agents.find((a) => a.name === name)?.waiting ?? 0) >= 1) return;
    await new Promise((r) => setTimeout(r, 1));
  }
}

/** ms from the start of a send on `sender` to the reply of the wait it wakes on `receiver`. */
async function wake(
  sender: WeftClient,
  receiver: WeftClient,
  name: string,
  to: string,
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < SAMPLES + 20; i++) {
    let woke = 0;
    const pending = receiver.call("message.wait", { as: name, timeout: 30 })
      .then(() => (woke = performance.now()));
    await waiting(receiver, name);
    const t = performance.now();
    await sender.call("message.send", { to, content: `wake ${i}`, as: "alice" });
    await pending;
    if (i >= 20) out.push(woke - t);
  }
  return out;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** The cross-host messaging figures of the `fabric` bench group. */
export async function benchFabricMessaging(): Promise<Record<string, number>> {
  const hub = await startHub(["laptop", "buildbox"]);
  const hosts: TestHost[] = [];
  try {
    const buildbox = await joinHost(hub, "buildbox", { grants: { laptop: ["message"] } });
    hosts.push(buildbox);
    const laptop = await joinHost(hub, "laptop", { weft: { plugins: FAST } });
    hosts.push(laptop);
    await untilUp(laptop, ["buildbox"]);
    await untilUp(buildbox, ["laptop"]);
    await buildbox.server.client.call("message.wait", { as: "bob", timeout: 0 });
    await laptop.server.client.call("message.wait", { as: "carol", timeout: 0 });
    step("wake latency, local");
    const local = await wake(laptop.server.client, laptop.server.client, "carol", "carol");
    step("wake latency, across hosts");
    const far = await wake(laptop.server.client, buildbox.server.client, "bob", "bob@buildbox");

    step(`${ACKED} acknowledged sends, buildbox killed a third of the way`);
    const acked = new Set<string>();
    const ackMs: number[] = [];
    let next = 0;
    let refused = 0;
    let killed: Promise<void> | undefined;
    const t0 = performance.now();
    const lane = async () => {
      while (acked.size < ACKED) {
        const content = `m-${next++}`;
        const t = performance.now();
        try {
          await laptop.server.client.call("message.send", { to: "bob@buildbox", content });
          ackMs.push(performance.now() - t);
          acked.add(content);
        } catch (err) {
          if (!(err instanceof WeftError)) throw err;
          refused++;
          await new Promise((r) => setTimeout(r, 50));
        }
        if (acked.size >= ACKED / 3 && !killed) {
          killed = (async () => {
            await buildbox.kill();
            await buildbox.restart();
          })();
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, lane));
    await killed;
    const sendSeconds = (performance.now() - t0) / 1000;
    // Every acknowledged message in bob's store, or a minute gone.
    let stored: { content: string }[] = [];
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      ({ messages: stored } = await buildbox.server.client.call<
        { messages: { content: string }[] }
      >("message.log", { as: "bob", limit: 10_000 }));
      const have = new Set(stored.map((m) => m.content));
      if ([...acked].every((c) => have.has(c))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const counts = new Map<string, number>();
    for (const m of stored) counts.set(m.content, (counts.get(m.content) ?? 0) + 1);
    const p50 = (xs: number[]) => round(percentile(xs, 50));
    return {
      "local message wake p50 (ms)": p50(local),
      "message wake across hosts p50 (ms)": p50(far),
      "message wake across hosts p99 (ms)": round(percentile(far, 99)),
      "cross-host send acknowledged p50 (ms)": p50(ackMs),
      [`${ACKED} acked cross-host messages, receiver killed: lost`]: [...acked]
        .filter((c) => !counts.has(c)).length,
      [`${ACKED} acked cross-host messages, receiver killed: duplicated`]: [...counts.values()]
        .filter((n) => n > 1).length,
      "  sends refused while it was down": refused,
      "  seconds for those sends (with the restart)": round(sendSeconds),
    };
  } finally {
    for (const h of hosts) await endHost(h);
    await endHub(hub);
  }
}
