/**
 * Benchmark helpers: percentiles, a server in a subprocess, tmux.
 *
 * @module
 */

import { join } from "node:path";
import { WeftClient } from "../../plugins/client/mod.ts";
import { weftArgs } from "../helpers/cli.ts";

/** The repository root. */
export const ROOT = new URL("../../", import.meta.url).pathname;

/** The p-th percentile (0–100) of samples. */
export function percentile(samples: number[], p: number): number {
  if (!samples.length) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * CPU time (user + system, ms) used so far by process `pid` and its descendants, from /proc:
 * what a call costs the server and its plugin processes, which a loaded machine's wall clock
 * hides. 0 where /proc is missing.
 */
export function treeCpuMs(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const fields = Deno.readTextFileSync(`/proc/${p}/stat`).split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch { /* it ended */ }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/**
 * CPU ticks (user + system, 10 ms each) of every process on the machine now, with what each
 * runs: diff two of these around a phase (see {@link cpuShares}) to see where its time went.
 */
export function cpuNow(): Map<number, { cmd: string; ticks: number }> {
  const out = new Map<number, { cmd: string; ticks: number }>();
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    try {
      const fields = Deno.readTextFileSync(`/proc/${e.name}/stat`).split(") ")[1]!.split(" ");
      const cmd = Deno.readTextFileSync(`/proc/${e.name}/cmdline`).replaceAll("\0", " ");
      out.set(Number(e.name), { cmd, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch { /* it ended */ }
  }
  return out;
}

/**
 * Percent of one core each named group used between two {@link cpuNow} readings `ms` apart;
 * a process goes to the first group whose test its command line passes, else to "other".
 */
export function cpuShares(
  before: Map<number, { cmd: string; ticks: number }>,
  after: Map<number, { cmd: string; ticks: number }>,
  ms: number,
  groups: [string, (cmd: string) => boolean][],
): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries([...groups.map(([g]) => [g, 0]), [
    "other",
    0,
  ]]);
  for (const [pid, now] of after) {
    const used = now.ticks - (before.get(pid)?.ticks ?? 0);
    if (used <= 0) continue;
    const group = groups.find(([, test]) => test(now.cmd))?.[0] ?? "other";
    out[group]! += used * 10;
  }
  for (const g of Object.keys(out)) out[g] = Math.round((out[g]! / ms) * 1000) / 10;
  return out;
}

/** The process and its descendants. */
export function processTree(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const task of Deno.readDirSync(`/proc/${pid}/task`)) {
      const text = Deno.readTextFileSync(`/proc/${pid}/task/${task.name}/children`).trim();
      if (text) children.push(...text.split(/\s+/).map(Number));
    }
  } catch { /* it ended */ }
  return [pid, ...children.flatMap(processTree)];
}

/** A weft server running as its own process, as a user runs it. */
export interface ServerProcess {
  dir: string;
  socket: string;
  child: Deno.ChildProcess;
  readyMs: number;
  /** When it was spawned (`performance.now()`). */
  started: number;
  connect: () => Promise<WeftClient>;
  stop: () => Promise<void>;
}

/** Options of {@link spawnServer}. */
export interface SpawnServerOptions {
  /** A project directory to use (a run before this one left its `.weft/` there). */
  dir?: string;
  /** Leave the directory when the server stops (for a start after this one). */
  keepDir?: boolean;
}

/** Starts `weft serve` in a fresh project directory and waits until its socket answers. */
export async function spawnServer(
  weft: Record<string, unknown> = {},
  options: SpawnServerOptions = {},
): Promise<ServerProcess> {
  const dir = options.dir ?? await Deno.makeTempDir({ prefix: "weft-bench-" });
  await Deno.writeTextFile(
    join(dir, "deno.json"),
    JSON.stringify({ weft: { shell: "bash", ...weft } }),
  );
  const socket = join(dir, ".weft", "weft.sock");
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: weftArgs("serve", "--project", dir),
    stdout: "null",
    stderr: "piped",
    stdin: "null",
  }).spawn();
  let client: WeftClient | undefined;
  while (!client) {
    try {
      client = await WeftClient.connect(socket);
    } catch {
      if (performance.now() - started > 30_000) {
        throw new Error("weft serve did not start within 30 s");
      }
      await new Promise((r) => setTimeout(r, 2));
    }
  }
  const readyMs = performance.now() - started;
  client.close();
  return {
    dir,
    socket,
    child,
    readyMs,
    started,
    connect: () => WeftClient.connect(socket),
    stop: async () => {
      try {
        child.kill("SIGTERM");
      } catch { /* gone */ }
      await child.stderr.cancel().catch(() => {});
      await child.status;
      if (!options.keepDir) await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

/** Runs tmux on a private server; returns stdout. */
export async function tmux(socketName: string, ...args: string[]): Promise<string> {
  const out = await new Deno.Command("tmux", {
    args: ["-L", socketName, "-f", "/dev/null", ...args],
  }).output();
  if (!out.success) {
    throw new Error(`tmux ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  }
  return new TextDecoder().decode(out.stdout);
}

/** True when tmux is installed. */
export async function hasTmux(): Promise<boolean> {
  try {
    return (await new Deno.Command("tmux", { args: ["-V"] }).output()).success;
  } catch {
    return false;
  }
}
