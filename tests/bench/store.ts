/**
 * `deno task bench -- store`: what the store costs and what it buys.
 *
 * - write-through overhead: 1,000 layout/pane changes per second through the bus of the real
 *   core (fake PTYs, so only weft's own work is measured), with and without the store; the
 *   difference in CPU is the store's, as a share of one core (goal ≤ 5 %); the store's own
 *   time (wall clock, so a loaded machine inflates it); write p99 and longest (a reply's write
 *   is a change-log append; the log moves into SQLite in one transaction per 50 ms or 50 entries,
 *   counted in the transactions per second).
 * - screens: the event loop's lag (a 5 ms timer's lateness, p99 and max) while 50 panes print,
 *   with and without the store saving their screens.
 * - restore: 50 panes in 10 windows, `weft stop`, then `weft serve` again: time to a ready
 *   socket (a client's first call answered; goal ≤ 1 s), beside an empty project's, the restore
 *   itself (the tree, before the socket listens), and the time until every pane's program runs
 *   (they start after the socket listens).
 * - size: the store file per pane (with its last screenful).
 * - crash soak: 20 SIGKILLs at random moments (tests/helpers/crash_loop.ts).
 *
 * @module
 */

import process from "node:process";
import { join } from "node:path";
import { startCore, type TestCore } from "../helpers/core.ts";
import { startStore } from "../../core/store/mod.ts";
import type { LayoutNode } from "../../protocols/layout/tree/mod.ts";
import { serveChild, tempProject } from "../helpers/serve_child.ts";
import { WeftClient } from "../../plugins/client/mod.ts";
import { weftArgs } from "../helpers/cli.ts";
import { crashLoop } from "../helpers/crash_loop.ts";

const RATE = 1000;
const SECONDS = 5;

/** The figures. */
export async function benchStore(): Promise<Record<string, number>> {
  // Alternated three times, medians: the machine's own noise is larger than the store.
  const offs = [], ons = [];
  for (let i = 0; i < 3; i++) {
    offs.push(await writeThrough(false));
    ons.push(await writeThrough(true));
  }
  const off = median(offs);
  const on = median(ons);
  // Alternated five times; the median of each side (a loaded machine's noise is large).
  const withUs: number[] = [], withoutUs: number[] = [];
  for (let i = 0; i < 5; i++) {
    withoutUs.push(await cpuPerChange(false));
    withUs.push(await cpuPerChange(true));
  }
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const storeUs = mid(withUs) - mid(withoutUs);
  const stallOff = await screenStalls(false);
  const stallOn = await screenStalls(true);
  const restore = await benchRestore();
  const soak = await crashLoop({ kills: 20, seed: 20 });
  return {
    changes_per_s: RATE,
    cpu_pct_without_store: off.cpuPct,
    cpu_pct_with_store: on.cpuPct,
    store_overhead_cpu_pct: round(on.cpuPct - off.cpuPct),
    core_cpu_us_per_change: round(mid(withoutUs)),
    store_cpu_us_per_change: round(storeUs),
    store_cpu_pct_at_1000_per_s: round(storeUs / 10),
    store_busy_pct_of_a_core: on.busyPct,
    store_transactions_per_s: round(on.writes / SECONDS),
    store_log_appends_per_s: round(on.logged / SECONDS),
    write_p99_ms: on.p99Ms,
    longest_write_ms: on.longestMs,
    busy_50_panes_loop_lag_p99_ms_without_store: stallOff.p99,
    busy_50_panes_loop_lag_p99_ms_with_store: stallOn.p99,
    busy_50_panes_loop_lag_max_ms_without_store: stallOff.max,
    busy_50_panes_loop_lag_max_ms_with_store: stallOn.max,
    ...restore,
    crash_soak_kills: soak.kills,
    crash_soak_answered: soak.replied,
    crash_soak_failures: soak.failure ? 1 : 0,
  };
}

/** Process CPU µs per change for 3,000 changes as fast as they go (the store's is the difference). */
async function cpuPerChange(withStore: boolean): Promise<number> {
  const dir = await Deno.makeTempDir({ prefix: "weft-bench-store-" });
  const core = startCore({ projectDir: dir });
  const store = withStore
    ? await startStore({
      file: join(dir, "weft.db"),
      model: core.model,
      events: core.bus.events,
      restore: "all",
      shell: core.config.shell,
      projectDir: dir,
      log: () => {},
    })
    : undefined;
  if (store) core.bus.setBarrier(() => store.flush());
  await core.call("session.create", { argv: ["cat"] });
  for (let i = 0; i < 5; i++) await core.call("pane.create", { argv: ["cat"] });
  for (let n = 0; n < 300; n++) await change(core, n); // warm up
  const cpu = process.cpuUsage();
  for (let n = 0; n < 3000; n++) await change(core, n);
  const used = process.cpuUsage(cpu);
  store?.close();
  await core.dispose();
  await Deno.remove(dir, { recursive: true });
  return (used.user + used.system) / 3000;
}

/** 1,000 changes per second for a few seconds: half layout changes, half pane creations/closes. */
async function writeThrough(withStore: boolean) {
  const dir = await Deno.makeTempDir({ prefix: "weft-bench-store-" });
  const core = startCore({ projectDir: dir });
  const flushes: number[] = [];
  let writes = 0;
  let logged = 0;
  let busyMs = 0;
  let close = () => {};
  if (withStore) {
    const store = await startStore({
      file: join(dir, "weft.db"),
      model: core.model,
      events: core.bus.events,
      restore: "all",
      shell: core.config.shell,
      projectDir: dir,
      log: () => {},
    });
    core.bus.setBarrier(() => {
      const t = performance.now();
      const done = store.flush();
      flushes.push(performance.now() - t);
      return done;
    });
    close = () => {
      ({ writes, logged, busyMs } = store.stats());
      store.close();
    };
  }
  await core.call("session.create", { argv: ["cat"] });
  for (let i = 0; i < 5; i++) await core.call("pane.create", { argv: ["cat"] });
  const cpu = process.cpuUsage();
  const started = performance.now();
  let n = 0;
  while (performance.now() - started < SECONDS * 1000) {
    // Paced: a batch every 10 ms, so the rate is what a busy project might see, not a flood.
    const due = Math.floor(((performance.now() - started) / 1000) * RATE);
    while (n < due) await change(core, n++);
    await new Promise((r) => setTimeout(r, 10));
  }
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  close();
  await core.dispose();
  await Deno.remove(dir, { recursive: true });
  flushes.sort((a, b) => a - b);
  return {
    cpuPct: round(((used.user + used.system) / 1000 / wall) * 100),
    busyPct: round((busyMs / wall) * 100),
    p99Ms: round(flushes[Math.floor(flushes.length * 0.99)] ?? 0),
    longestMs: round(flushes.at(-1) ?? 0),
    writes,
    logged,
  };
}

async function change(core: TestCore, n: number): Promise<void> {
  const panes = [...core.model.panes.keys()];
  if (n % 2 === 0) {
    const window = core.model.window(core.model.resolve("window", undefined));
    await core.call("window.set_layout", { window: window.id, layout: shuffle(window.layout!, n) });
  } else if (n % 4 === 1 || panes.length < 4) {
    await core.call("pane.create", { split: panes[n % panes.length], argv: ["cat"], ratio: 0.5 });
  } else {
    await core.call("pane.close", { pane: panes[n % panes.length] });
  }
}

function shuffle(node: LayoutNode, n: number): LayoutNode {
  if (node.type === "pane") return node;
  const weights = node.children.map((_, i) => 1 + ((n + i * 7) % 5));
  const sum = weights.reduce((a, b) => a + b, 0);
  return {
    ...node,
    children: node.children.map((c, i) => ({
      ratio: weights[i]! / sum,
      node: shuffle(c.node, n + 1),
    })),
  };
}

/**
 * The event loop's longest lag (a 5 ms timer's lateness) over 5 s while 50 panes print a
 * coloured line every 100 ms each, with or without the store saving their screens every 500 ms.
 */
async function screenStalls(withStore: boolean): Promise<{ p99: number; max: number }> {
  const dir = await Deno.makeTempDir({ prefix: "weft-bench-store-" });
  const core = startCore({ projectDir: dir });
  const store = withStore
    ? await startStore({
      file: join(dir, "weft.db"),
      model: core.model,
      events: core.bus.events,
      restore: "all",
      shell: core.config.shell,
      projectDir: dir,
      log: () => {},
      sweepMs: 500,
    })
    : undefined;
  const { window } = await core.call<{ window: string }>("session.create", { argv: ["cat"] });
  for (let i = 1; i < 50; i++) {
    const w = i % 5 === 0
      ? (await core.call<{ window: string }>("window.create", {})).window
      : window;
    await core.call("pane.create", { window: w, argv: ["cat"] });
  }
  const panes = [...core.model.panes.keys()];
  let line = 0;
  const printer = setInterval(() => {
    line++;
    for (const id of panes) {
      core.pty(id).output(
        `\x1b[3${line % 8}m${id} line ${line} \x1b[1m${"#".repeat(60)}\x1b[0m\r\n`,
      );
    }
  }, 100);
  const lags: number[] = [];
  let last = performance.now();
  const monitor = setInterval(() => {
    const now = performance.now();
    lags.push(now - last - 5);
    last = now;
  }, 5);
  await new Promise((r) => setTimeout(r, 1000));
  lags.length = 0; // after the start-up
  await new Promise((r) => setTimeout(r, 5000));
  clearInterval(printer);
  clearInterval(monitor);
  store?.close();
  await core.dispose();
  await Deno.remove(dir, { recursive: true });
  lags.sort((a, b) => a - b);
  return { p99: round(lags[Math.floor(lags.length * 0.99)] ?? 0), max: round(lags.at(-1) ?? 0) };
}

/** 50 panes in 10 windows, stopped, served again. */
async function benchRestore(): Promise<Record<string, number>> {
  const empty = await tempProject();
  const baseline = await timeToReady(empty);
  await Deno.remove(empty, { recursive: true });

  const dir = await tempProject();
  try {
    const first = await serveChild(dir);
    const client = first.client;
    for (let w = 0; w < 10; w++) {
      const made = w === 0
        ? { pane: "p1" }
        : await client.call<{ pane: string }>("window.create", {});
      let split = made.pane;
      for (let p = 1; p < 5; p++) {
        const pane = await client.call<{ id: string }>("pane.create", { split, ratio: 0.4 });
        await client.call("pane.write", {
          pane: pane.id,
          text: `echo pane ${pane.id} ready`,
          submit: true,
        });
        split = pane.id;
      }
    }
    client.close();
    const stopped = await new Deno.Command(Deno.execPath(), {
      args: weftArgs("stop"),
      cwd: dir,
      stdout: "null",
      stderr: "null",
    }).output();
    if (!stopped.success) throw new Error("weft stop failed");
    await first.server.stderr;
    const size = (await Deno.stat(join(dir, ".weft", "weft.db"))).size;
    const restored = await timeToReady(dir);
    return {
      empty_project_ready_ms: baseline.readyMs,
      restore_50_panes_ready_ms: restored.readyMs,
      restore_50_panes_all_programs_running_ms: restored.startedMs,
      restore_50_panes_itself_ms: restored.restoreMs,
      store_bytes_per_pane: Math.round(size / 50),
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/**
 * Starts `weft serve` in `dir`: ms until its socket answers (a client's first call), until
 * every pane's program runs (they start after the socket listens), and the restore's own ms
 * (the tree, before the socket listens).
 */
async function timeToReady(
  dir: string,
): Promise<{ readyMs: number; startedMs: number; restoreMs: number }> {
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: weftArgs("serve"),
    cwd: dir,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const socket = join(dir, ".weft", "weft.sock");
  let readyMs = 0;
  let client: WeftClient | undefined;
  while (!client) {
    try {
      client = await WeftClient.connect(socket);
      readyMs = round(performance.now() - started);
    } catch {
      if (performance.now() - started > 60_000) throw new Error("weft serve did not start");
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  let startedMs = 0;
  while (!startedMs) {
    const { panes } = await client.call<{ panes: { pid: number }[] }>("pane.list", {});
    if (panes.every((p) => p.pid > 0)) startedMs = round(performance.now() - started);
    else if (performance.now() - started > 60_000) throw new Error("panes did not start");
    else await new Promise((r) => setTimeout(r, 5));
  }
  client.close();
  child.kill("SIGTERM");
  const err = new TextDecoder().decode((await child.output()).stderr);
  const m = /restored .* in (\d+) ms/.exec(err);
  return { readyMs, startedMs, restoreMs: m ? Number(m[1]) : 0 };
}

/** The run with the median CPU. */
function median<T extends { cpuPct: number }>(runs: T[]): T {
  return [...runs].sort((a, b) => a.cpuPct - b.cpuPct)[Math.floor(runs.length / 2)]!;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
