/**
 * Keystroke echo over the control socket, no browser: `pane.write` of one character to a
 * quiet shell pane until its `pane.output` event comes back, alone and in a window of 10 panes
 * where one floods (`yes`). Two subscribers for the flood case: one that streams only the
 * quiet pane, and one that also streams the flooding pane (as the web door does for every
 * visible pane), where the echo queues behind the flood's events on the same connection.
 * And stopping a flood: Ctrl-C into a pane running `yes`, until the next command's output is on
 * that pane's screen (what it takes to parse what the flood left queued). `after_idle`: the
 * quiet pane again after 5 s without a key (what an idle server stopped must not start in a
 * keystroke's way: a Worker started at that moment held an echo for 12–17 ms).
 *
 * Run alone: `deno task bench -- echo`.
 *
 * @module
 */

import type { WeftClient } from "../../plugins/client/mod.ts";
import { percentile, spawnServer } from "./_util.ts";

const SAMPLES = 100;
/** The pause before the `after_idle` echoes: past two of the store's 2 s ticks. */
const IDLE_MS = 5_000;

/** Echo latencies, `pane.write` round trips (the request leg alone), keys never echoed. */
interface Echoes {
  ms: number[];
  write: number[];
  lost: number;
}

/** Echo latencies (ms) of `SAMPLES` keys written to `pane`, seen on `client`'s subscription. */
async function echoes(
  client: WeftClient,
  pane: string,
  panes: string[],
): Promise<Echoes> {
  let waiting: ((data: string) => void) | undefined;
  const off = await client.subscribe({ topics: ["pane.output"], panes }, (event) => {
    if (event.pane !== pane) return;
    waiting?.((event.data as { data: string }).data);
  });
  const ms: number[] = [];
  const write: number[] = [];
  let lost = 0;
  try {
    for (let i = 0; i < SAMPLES; i++) {
      const key = "abcdefghij"[i % 10]!;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const echoed = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), 5_000);
        waiting = (data) => {
          if (data.includes(key)) resolve(true);
        };
      });
      const t = performance.now();
      await client.call("pane.write", { pane, text: key });
      write.push(performance.now() - t);
      if (await echoed) ms.push(performance.now() - t);
      else lost++;
      clearTimeout(timer);
      waiting = undefined;
      if (i % 40 === 39) await client.call("pane.write", { pane, text: "\x15" }); // Ctrl-U
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await off();
  }
  return { ms, write, lost };
}

/** Ms from Ctrl-C into a flooding shell pane until the next command's output is on its screen. */
async function stops(client: WeftClient, pane: string, times: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    await client.call("pane.write", { pane, text: "yes weft-stop\r" });
    await new Promise((r) => setTimeout(r, 500));
    const t = performance.now();
    await client.call("pane.write", { pane, keys: ["C-c"] });
    await client.call("pane.write", { pane, text: `echo stopped-$((${i}*7))\r` });
    await client.call("pane.wait", {
      pane,
      match: `^stopped-${i * 7}$`,
      regex: true,
      timeout: 30_000,
    });
    ms.push(performance.now() - t);
  }
  return ms;
}

function record(
  out: Record<string, number>,
  name: string,
  { ms, write, lost }: Echoes,
): void {
  out[`echo.${name}.p50_ms`] = percentile(ms, 50);
  out[`echo.${name}.p99_ms`] = percentile(ms, 99);
  out[`echo.${name}.write_rtt_p50_ms`] = percentile(write, 50);
  out[`echo.${name}.write_rtt_p99_ms`] = percentile(write, 99);
  out[`echo.${name}.lost`] = lost;
  const f = (xs: number[], p: number) => percentile(xs, p).toFixed(1);
  console.error(
    `echo ${name}: p50 ${f(ms, 50)} p99 ${f(ms, 99)} (write rtt p50 ${f(write, 50)} ` +
      `p99 ${f(write, 99)}) lost ${lost}`,
  );
}

/** Socket echo p50/p99 in a quiet pane, alone and next to a flooding pane. */
export async function benchEcho(): Promise<Record<string, number>> {
  const server = await spawnServer();
  const client = await server.connect();
  const out: Record<string, number> = {};
  try {
    const s = await client.call<{ window: string; pane: string }>("session.create", {});
    const quiet = s.pane;
    while (!(await client.call<{ text: string }>("pane.read", { pane: quiet })).text.trim()) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const alone = await echoes(client, quiet, [quiet]);
    record(out, "quiet", alone);
    // Typing again after a pause: whatever the server stopped while idle (the store's
    // checkpoint Worker ends after an idle tick) must not start in a keystroke's way.
    await new Promise((r) => setTimeout(r, IDLE_MS));
    record(out, "after_idle", await echoes(client, quiet, [quiet]));
    const panes = [quiet];
    for (let i = 0; i < 9; i++) {
      const made = await client.call<{ id: string }>("pane.create", {
        split: panes[i % panes.length],
        ...(i === 0 ? { command: "yes weft-flood" } : {}),
      });
      panes.push(made.id);
    }
    await new Promise((r) => setTimeout(r, 1000));
    const load = Deno.loadavg()[0]!;
    const flood = await echoes(client, quiet, [quiet]);
    record(out, "flood", flood);
    const streamed = await echoes(client, quiet, panes);
    record(out, "flood_streamed", streamed);
    // Stopping a flood while another pane floods too.
    const { id: stopper } = await client.call<{ id: string }>("pane.create", { split: quiet });
    const stopped = await stops(client, stopper, 7);
    out["stop.ctrl_c_to_screen_p50_ms"] = percentile(stopped, 50);
    out["stop.ctrl_c_to_screen_max_ms"] = Math.max(...stopped);
    console.error(`stop: ${stopped.map((v) => v.toFixed(0)).join(" ")} ms`);
    out["load average (1 min)"] = Math.round((load + Deno.loadavg()[0]!) / 2 * 10) / 10;
  } finally {
    client.close();
    await server.stop();
  }
  return out;
}

if (import.meta.main) console.table(await benchEcho());
