/**
 * Agent awareness figures. Foreground tracking: CPU of the `weft serve` process (utime + stime
 * from `/proc/PID/stat`) over the same window with 50 idle or 50 busy panes, tracking on
 * (`foregroundMs` 250) and off (0), plus the tracker's own time (`server.status` →
 * `foreground.lookMs`); and how long a shell pane takes to become a `claude` pane after
 * `claude` is typed (a fake `claude` script, so only weft's part is timed). Hooks: see
 * `state_hooks.ts`.
 *
 * @module
 */

import { join } from "node:path";
import type { WeftClient } from "../../plugins/client/mod.ts";
import { percentile, type ServerProcess, spawnServer } from "./_util.ts";
import { benchHooks } from "./state_hooks.ts";

const PANES = 50;
const WINDOW_MS = 15_000;
const SHELL = ["bash", "--norc", "--noprofile"];
/** About ten lines a second, no fork per line: a pane that is always active. */
const BUSY = "while :; do echo $RANDOM; read -t 0.1; done";
const CLK_TCK = 100;

/** CPU milliseconds a process has used (all its threads), or NaN without `/proc`. */
function cpuMs(pid: number): number {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK;
  } catch {
    return NaN;
  }
}

interface Run {
  cpuPct: number;
  lookPct: number;
  looksPerS: number;
}

type Stats = { foreground: { looks: number; lookMs: number } | null };

/** One server with 50 panes of `load`; CPU over {@link WINDOW_MS} after they settled. */
export async function measure(load: "idle" | "busy", foregroundMs: number): Promise<Run> {
  const server = await spawnServer({ foregroundMs, shell: SHELL });
  const client = await server.connect();
  try {
    const launch = load === "busy" ? { command: BUSY } : { argv: SHELL };
    const s = await client.call<{ session: string }>("session.create", launch);
    for (let i = 1; i < PANES; i++) {
      await client.call("window.create", { session: s.session, ...launch });
    }
    await new Promise((r) => setTimeout(r, 3_000)); // shells start, first looks are made
    const cpu0 = cpuMs(server.child.pid);
    const s0 = await client.call<Stats>("server.status", {});
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const cpu1 = cpuMs(server.child.pid);
    const s1 = await client.call<Stats>("server.status", {});
    const ms = performance.now() - t0;
    const looks = (s1.foreground?.looks ?? 0) - (s0.foreground?.looks ?? 0);
    const lookMs = (s1.foreground?.lookMs ?? 0) - (s0.foreground?.lookMs ?? 0);
    return {
      cpuPct: round((100 * (cpu1 - cpu0)) / ms),
      lookPct: round((100 * lookMs) / ms),
      looksPerS: round((1000 * looks) / ms),
    };
  } finally {
    client.close();
    await server.stop();
  }
}

/** Time from typing `claude` into a shell pane to its `pane.changed` to claude (goal ≤ 500 ms). */
async function becomeClaude(server: ServerProcess, client: WeftClient): Promise<number[]> {
  const bin = join(server.dir, "bin");
  await Deno.mkdir(bin);
  await Deno.writeTextFile(join(bin, "claude"), "#!/bin/sh\nprintf 'fake> '\nread line\n");
  await Deno.chmod(join(bin, "claude"), 0o755);
  const s = await client.call<{ pane: string }>("session.create", {
    argv: SHELL,
    env: { PATH: `${bin}:${Deno.env.get("PATH")}`, PS1: "$ " },
  });
  let wake: ((agent: string) => void) | undefined;
  await client.subscribe({ topics: ["pane.changed"], panes: [s.pane] }, (e) => {
    const agent = (e.data as { agent?: string }).agent;
    if (agent) wake?.(agent);
  });
  const changed = (want: string) =>
    new Promise<void>((resolve) => (wake = (agent) => agent === want && resolve()));
  await client.call("pane.wait", { pane: s.pane, match: "$", timeout: 30_000 });
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) {
    // Type at a random moment of the tracker's 250 ms tick, as a human would.
    await new Promise((r) => setTimeout(r, Math.random() * 250));
    const claude = changed("claude");
    const t = performance.now();
    await client.call("pane.write", { pane: s.pane, text: "claude", keys: ["Enter"] });
    await claude;
    samples.push(performance.now() - t);
    const shell = changed("shell");
    await client.call("pane.write", { pane: s.pane, text: "bye", keys: ["Enter"] });
    await shell;
  }
  return samples;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** Runs the agent-awareness benchmarks. */
export async function benchState(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const load of ["idle", "busy"] as const) {
    const off = await measure(load, 0);
    const on = await measure(load, 250);
    const key = `state.foreground.${load}${PANES}`;
    out[`${key}.cpu_off_pct`] = off.cpuPct;
    out[`${key}.cpu_on_pct`] = on.cpuPct;
    out[`${key}.cpu_diff_pct`] = round(on.cpuPct - off.cpuPct);
    out[`${key}.tracker_pct`] = on.lookPct;
    out[`${key}.looks_per_s`] = on.looksPerS;
  }
  const server = await spawnServer({ shell: SHELL });
  const client = await server.connect();
  try {
    const samples = await becomeClaude(server, client);
    out["state.typed_claude_to_kind.p50_ms"] = round(percentile(samples, 50));
    out["state.typed_claude_to_kind.max_ms"] = round(Math.max(...samples));
    Object.assign(out, await benchHooks(client));
  } finally {
    client.close();
    await server.stop();
  }
  return out;
}
