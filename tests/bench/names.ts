/**
 * Messaging under many outside names (issue 28): rounds of 1,600 `message.wait` calls, each
 * `as` a name never used before (timeout 0), from 8 clients, while a quiet client calls
 * `message.group_list` over and over; then 200 read-only `message.get` calls with fresh names.
 * Per round: ms for the 1,600 calls and the quiet client's slowest answer. Before the fix each
 * new name re-read every name ever seen, so rounds grew slower and the quiet call waited.
 * Runnable alone: `deno run -A --unstable-worker-options tests/bench/names.ts`.
 *
 * @module
 */

import type { WeftClient } from "../../plugins/client/mod.ts";
import { spawnServer } from "./_util.ts";

const ROUNDS = Number(Deno.env.get("WEFT_BENCH_NAME_ROUNDS") ?? 4);
const PER_ROUND = 1600;
const step = (what: string) => console.error(`bench: names: ${what}`);

/** The quiet client's slowest answer while `work` runs. */
async function quietWhile(quiet: WeftClient, work: Promise<unknown>): Promise<number> {
  let done = false;
  let worst = 0;
  work.finally(() => (done = true));
  while (!done) {
    const t = performance.now();
    await quiet.call("message.group_list", {});
    worst = Math.max(worst, performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
  await work;
  return worst;
}

/** The names benchmark group. */
export async function benchNames(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const server = await spawnServer({
    plugins: { message: { options: { sendsPerSecond: 1_000_000, sendBurst: 1_000_000 } } },
  });
  const clients = await Promise.all(Array.from({ length: 8 }, () => server.connect()));
  const quiet = await server.connect();
  try {
    // The plugin is up once a call is answered.
    for (;;) {
      if (await quiet.call("message.group_list", {}).then(() => true, () => false)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    let n = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      step(`round ${round}: ${PER_ROUND} waits with new names`);
      const t = performance.now();
      const work = Promise.all(clients.map(async (c) => {
        for (let i = 0; i < PER_ROUND / clients.length; i++) {
          await c.call("message.wait", { as: `fresh-${n++}`, timeout: 0 });
        }
      }));
      out[`round${round}.quiet_worst_ms`] = await quietWhile(quiet, work);
      out[`round${round}.total_ms`] = performance.now() - t;
    }
    step("200 read-only gets with new names");
    const t = performance.now();
    const gets = Promise.all(clients.map(async (c, k) => {
      for (let i = 0; i < 25; i++) {
        await c.call("message.get", { id: "01NOSUCH", as: `reader-${k}-${i}` }).catch(() => {});
      }
    }));
    out["gets200.quiet_worst_ms"] = await quietWhile(quiet, gets);
    out["gets200.total_ms"] = performance.now() - t;
    const status = await quiet.call<
      { plugins: { name: string; state: string; restarts?: number }[] }
    >(
      "server.status",
      {},
    );
    const message = status.plugins.find((p) => p.name === "message");
    out["plugin.restarts"] = message?.restarts ?? -1;
  } finally {
    for (const c of clients) c.close();
    quiet.close();
    await server.stop();
  }
  return out;
}

if (import.meta.main) console.table(await benchNames());
