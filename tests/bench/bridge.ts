/**
 * Bridge benchmark, with a stub `claude` that answers at once (`tests/fixtures/bridge/bin`):
 * - broker overhead per turn excluding the program: from `bridge.send` storing the message to
 *   the reply stored, less the time from the program's spawn to its exit (goal ≤ 20 ms);
 * - enqueue-to-spawn latency: from the message stored to the program started (goal p50 ≤
 *   10 ms; cc-bridge polls every 1 s);
 * both measured inside the plugin (`bridge.turn` events carry them) for headless turns, and
 * the same latency for turns in panes (a pane created through the core, the runner started).
 * The client's own send → finished round trip is beside them, for scale.
 *
 * Run alone: `deno run -A --unstable-worker-options tests/bench/bridge.ts`.
 *
 * @module
 */

import { percentile, spawnServer } from "./_util.ts";
import { stubPath, turnLog } from "../helpers/bridge.ts";

const TURNS = 100;
const PANE_TURNS = 10;

/** The bridge's per-turn figures. */
export async function benchBridge(): Promise<Record<string, number>> {
  stubPath();
  const server = await spawnServer({
    plugins: {
      bridge: {
        options: { agents: { fast: { headless: true }, shown: {} }, concurrency: 2 },
      },
    },
  });
  try {
    const client = await server.connect();
    const log = await turnLog(client);
    const run = async (agent: string, n: number) => {
      const roundTrips: number[] = [];
      for (let i = 0; i < n; i++) {
        const start = performance.now();
        const { id } = await client.call<{ id: string }>("bridge.send", {
          to: agent,
          text: `t${i}`,
        });
        await log.until(
          "the turn's end",
          (ev) => ev.find((e) => e.item === id && e.state !== "started"),
          60_000,
        );
        roundTrips.push(performance.now() - start);
      }
      const mine = log.events.filter((e) => e.agent === agent);
      const failed = mine.filter((e) => e.state === "failed");
      if (failed.length) throw new Error(`${agent}: ${failed[0]!.error}`);
      const started = mine.filter((e) => e.state === "started");
      const finished = mine.filter((e) => e.state === "finished");
      return {
        waited: started.map((e) => e.waitedMs!).filter((x) => typeof x === "number"),
        overhead: finished.map((e) => e.overheadMs!).filter((x) => typeof x === "number"),
        roundTrips,
      };
    };
    await run("fast", 5); // warm up
    log.events.length = 0;
    const fast = await run("fast", TURNS);
    await run("shown", 1); // warm up: the session and window, the runner compiled
    log.events.length = 0;
    const shown = await run("shown", PANE_TURNS);
    await log.stop();
    client.close();
    const r = (x: number) => Math.round(x * 10) / 10;
    return {
      turns: TURNS,
      overhead_p50_ms: r(percentile(fast.overhead, 50)),
      overhead_p99_ms: r(percentile(fast.overhead, 99)),
      enqueue_to_spawn_p50_ms: r(percentile(fast.waited, 50)),
      enqueue_to_spawn_p99_ms: r(percentile(fast.waited, 99)),
      client_round_trip_p50_ms: r(percentile(fast.roundTrips, 50)),
      pane_turns: PANE_TURNS,
      pane_enqueue_to_spawn_p50_ms: r(percentile(shown.waited, 50)),
      pane_round_trip_p50_ms: r(percentile(shown.roundTrips, 50)),
    };
  } finally {
    await server.stop();
  }
}

if (import.meta.main) console.table(await benchBridge());
