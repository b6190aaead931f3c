/**
 * `deno task bench -- lean`: what weft costs beside the terminal it replaces, every figure next
 * to its reference from the same run (issue 23's table):
 *
 * - idle project: PSS of every weft process by name (server, each plugin process) 3 s after
 *   the ready line, and their total again at 10 s, beside a tmux server holding one shell pane;
 * - `weft serve` to its ready line (every default plugin answering), wall and CPU, beside the
 *   socket answering, `tmux new-session -d` and a one-line `deno run`;
 * - `weft ls` as a whole process beside the one-line `deno run` and `tmux list-panes`;
 * - the tmux shim's `display-message -p` beside real tmux's;
 * - ingest of plain and colour-heavy output beside tmux and the raw PTY read;
 * - an idle pane's heap, 1,000 panes' server RSS, history bytes per line and the ANSI read of
 *   100k colour lines beside tmux and the plain read.
 *
 * Run alone: `deno run -A --unstable-worker-options tests/bench/lean.ts`; only some steps:
 * `WEFT_BENCH_LEAN=pss,serve,cli,shim,ingest,memory,panes1000` (comma-separated).
 *
 * @module
 */

import { join } from "node:path";
import { benchHistoryMemory, ingestFigures } from "./ingest.ts";
import {
  hasTmux,
  percentile,
  processTree,
  type ServerProcess,
  spawnServer,
  tmux,
} from "./_util.ts";
import { CONFIG, weftArgs } from "../helpers/cli.ts";

const MB = 1024 * 1024;

/** Every figure of the lean table. */
export async function benchLean(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const tmuxThere = await hasTmux();
  // WEFT_BENCH_LEAN=pss,serve runs only those steps.
  const only = Deno.env.get("WEFT_BENCH_LEAN")?.split(",");
  const step = async (name: string, fn: () => Promise<Record<string, number>>) => {
    if (only && !only.includes(name)) return;
    console.error(`bench lean: ${name}…`);
    try {
      Object.assign(out, await fn());
    } catch (err) {
      console.error(`bench lean: ${name} failed: ${(err as Error).message}`);
      out[`${name}.failed`] = 1;
    }
  };
  await step("pss", () => idleProjectPss(tmuxThere));
  await step("serve", () => serveStartup(tmuxThere));
  await step("cli", () => cliCalls(tmuxThere));
  await step("shim", () => shimCalls(tmuxThere));
  await step("ingest", async () => {
    const f = await ingestFigures(Number(Deno.env.get("WEFT_BENCH_INGEST_MB") ?? 100));
    const r: Record<string, number> = {};
    for (const [k, v] of Object.entries(f)) r[`ingest.${k}`] = v;
    if (f.plain_weft_MBps && f.plain_pty_only_MBps) {
      r["ingest.plain_vs_pty"] = round(f.plain_weft_MBps / f.plain_pty_only_MBps, 2);
    }
    return r;
  });
  await step("memory", async () => {
    const m = await benchHistoryMemory();
    return {
      "pane.idle_heap_bytes": m.idle_pane_heap_bytes!,
      "pane.idle_rss_bytes": m.idle_pane_rss_bytes!,
      "pane.after_1000_lines_busy_heap_bytes": m.busy_pane_1000_lines_heap_bytes!,
      "pane.after_1000_lines_quiet_heap_bytes": m.quiet_pane_1000_lines_heap_bytes!,
      ...(m.tmux_idle_pane_rss_bytes !== undefined
        ? { "tmux.idle_pane_rss_bytes": m.tmux_idle_pane_rss_bytes }
        : {}),
      "history.plain_heap_bytes_per_line": m.plain_heap_bytes_per_line!,
      "history.colour_heap_bytes_per_line": m.colour_heap_bytes_per_line!,
      ...(m.tmux_rss_bytes_per_line_plain !== undefined
        ? { "tmux.history_rss_bytes_per_line": m.tmux_rss_bytes_per_line_plain }
        : {}),
      "history.colour_read_ansi_100k_ms": m.colour_history_read_ansi_ms!,
      "history.colour_read_plain_100k_ms": m.colour_history_read_plain_ms!,
      "history.plain_read_plain_100k_ms": m.plain_history_read_plain_ms!,
    };
  });
  await step("panes1000", () => thousandPanes(Number(Deno.env.get("WEFT_BENCH_PANES") ?? 1000)));
  return out;
}

/** A process as this bench names it: the server, a plugin process, or a pane's program. */
function processName(pid: number, server: number): string {
  let cmd: string[];
  try {
    cmd = Deno.readTextFileSync(`/proc/${pid}/cmdline`).split("\0").filter(Boolean);
  } catch {
    return "gone";
  }
  if (pid === server) return "weft:server";
  const plugin = cmd.find((a) => a.startsWith("--weft-plugin="));
  if (plugin) return `weft:plugin:${plugin.slice("--weft-plugin=".length)}`;
  const host = cmd.find((a) => a.startsWith("--weft-plugin-host="));
  if (host) return `weft:plugin-host:${host.slice("--weft-plugin-host=".length)}`;
  return `pane:${(cmd[0] ?? "?").split("/").at(-1)}`;
}

/** Proportional set size of a process, bytes (0 when it is gone). */
export function pssBytes(pid: number): number {
  try {
    const text = Deno.readTextFileSync(`/proc/${pid}/smaps_rollup`);
    return Number(/^Pss:\s+(\d+) kB/m.exec(text)![1]) * 1024;
  } catch {
    return 0;
  }
}

function rssBytes(pid: number): number {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) * 1024;
  } catch {
    return 0;
  }
}

/** CPU ms (user + system) of a process, its live descendants and the children it reaped. */
function treeCpuMs(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const fields = Deno.readTextFileSync(`/proc/${p}/stat`).split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
      if (p === pid) ticks += Number(fields[13]) + Number(fields[14]);
    } catch { /* it ended */ }
  }
  return ticks * 10;
}

/** Waits for the server's "ready in" line on stderr. */
async function readyLine(server: ServerProcess): Promise<void> {
  const lines = server.child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("ready in")) {
    const { value, done } = await lines.read();
    if (done) throw new Error(`weft serve ended before its ready line: ${text}`);
    text += value;
  }
  // Keep draining, so a chatty server never blocks on a full pipe.
  void (async () => {
    while (!(await lines.read().catch(() => ({ done: true }))).done) { /* drain */ }
  })();
}

/**
 * A project started before: the first start learns the plugins' manifests (and leaves
 * `.weft/`), the one returned is the next start, as a user's every start after the first.
 */
async function startedBefore(): Promise<ServerProcess> {
  const first = await spawnServer({}, { keepDir: true });
  await readyLine(first);
  await first.stop();
  return spawnServer({}, { dir: first.dir });
}

async function idleProjectPss(tmuxThere: boolean): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const server = await startedBefore();
  try {
    await readyLine(server);
    // Idle: the shell has drawn its prompt, start-up garbage had time to be collected.
    await new Promise((r) => setTimeout(r, 3000));
    const byName = new Map<string, number>();
    const weftTotal = () => {
      let total = 0;
      let count = 0;
      byName.clear();
      for (const pid of processTree(server.child.pid)) {
        const name = processName(pid, server.child.pid);
        const pss = pssBytes(pid);
        byName.set(name, (byName.get(name) ?? 0) + pss);
        if (name.startsWith("weft:")) {
          total += pss;
          count++;
        }
      }
      return { total, count };
    };
    const { total, count } = weftTotal();
    for (const [name, pss] of [...byName].sort()) out[`pss.${name}_MB`] = round(pss / MB);
    out["pss.weft_total_MB"] = round(total / MB);
    out["pss.weft_processes"] = count;
    // Later: what start-up left running (the store's checkpoint Worker) has ended.
    await new Promise((r) => setTimeout(r, 7000));
    out["pss.weft_total_at_10s_MB"] = round(weftTotal().total / MB);
  } finally {
    await server.stop();
  }
  if (tmuxThere) {
    const socket = `weft-lean-${Deno.pid}`;
    await tmux(socket, "new-session", "-d", "-x", "80", "-y", "24", "bash --norc");
    try {
      await new Promise((r) => setTimeout(r, 1000));
      const pid = Number((await tmux(socket, "display", "-p", "#{pid}")).trim());
      out["tmux.server_pss_MB"] = round(pssBytes(pid) / MB, 2);
    } finally {
      await tmux(socket, "kill-server").catch(() => "");
    }
  }
  return out;
}

/** CPU time (user + system, ms) of this process's children that have ended and been waited for. */
function childrenCpuMs(): number {
  const fields = Deno.readTextFileSync("/proc/self/stat").split(") ")[1]!.split(" ");
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** A one-line script run the way the CLI is run (same flags, same config). */
async function oneLineDeno(): Promise<number> {
  return (await oneLineDenoRuns()).p50;
}

/** The one-line script's wall time p50 and its mean CPU time per run. */
async function oneLineDenoRuns(): Promise<{ p50: number; cpu: number }> {
  const dir = await Deno.makeTempDir({ prefix: "weft-lean-one-" });
  const file = join(dir, "one.ts");
  await Deno.writeTextFile(file, 'console.log("hi");\n');
  try {
    const cpuBefore = childrenCpuMs();
    const samples = await timeRuns(10, Deno.execPath(), [
      "run",
      "--allow-all",
      "--unstable-worker-options",
      "--config",
      CONFIG,
      file,
    ]);
    return { p50: percentile(samples, 50), cpu: (childrenCpuMs() - cpuBefore) / 11 };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function timeRuns(
  n: number,
  program: string,
  args: string[],
  options: { env?: Record<string, string>; cwd?: string } = {},
): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n + 1; i++) {
    const started = performance.now();
    const out = await new Deno.Command(program, {
      args,
      stdout: "piped",
      stderr: "piped",
      stdin: "null",
      ...options,
    }).output();
    if (i > 0) samples.push(performance.now() - started); // the first warms the page cache
    if (!out.success) {
      throw new Error(`${program} ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
    }
  }
  return samples;
}

async function serveStartup(tmuxThere: boolean): Promise<Record<string, number>> {
  const socket: number[] = [];
  const ready: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 5; i++) {
    const server = await startedBefore();
    try {
      socket.push(server.readyMs);
      await readyLine(server);
      ready.push(performance.now() - server.started);
      cpu.push(treeCpuMs(server.child.pid));
    } finally {
      await server.stop();
    }
  }
  const out: Record<string, number> = {
    "serve.ready_line_p50_ms": round(percentile(ready, 50)),
    "serve.ready_line_cpu_p50_ms": round(percentile(cpu, 50)),
    "serve.socket_p50_ms": round(percentile(socket, 50)),
    "deno.one_line_p50_ms": round(await oneLineDeno()),
  };
  if (tmuxThere) {
    const samples: number[] = [];
    for (let i = 0; i < 5; i++) {
      const name = `weft-lean-start-${Deno.pid}-${i}`;
      const started = performance.now();
      await tmux(name, "new-session", "-d", "bash --norc");
      samples.push(performance.now() - started);
      await tmux(name, "kill-server").catch(() => "");
    }
    out["tmux.new_session_p50_ms"] = round(percentile(samples, 50));
  }
  return out;
}

async function cliCalls(tmuxThere: boolean): Promise<Record<string, number>> {
  const server = await spawnServer();
  const out: Record<string, number> = {};
  try {
    await readyLine(server);
    // CPU is what a loaded machine blurs least: wall time there is mostly waiting for a core.
    const cpuBefore = childrenCpuMs();
    const ls = await timeRuns(10, Deno.execPath(), weftArgs("ls"), { cwd: server.dir });
    const lsCpu = (childrenCpuMs() - cpuBefore) / 11;
    const one = await oneLineDenoRuns();
    out["cli.ls_p50_ms"] = round(percentile(ls, 50));
    out["deno.one_line_p50_ms"] = round(one.p50);
    out["cli.ls_vs_one_line"] = round(percentile(ls, 50) / one.p50, 2);
    out["cli.ls_cpu_mean_ms"] = round(lsCpu);
    out["deno.one_line_cpu_mean_ms"] = round(one.cpu);
    out["cli.ls_cpu_vs_one_line"] = round(lsCpu / one.cpu, 2);
  } finally {
    await server.stop();
  }
  if (tmuxThere) {
    const socket = `weft-lean-ls-${Deno.pid}`;
    await tmux(socket, "new-session", "-d", "bash --norc");
    try {
      const samples = await timeRuns(10, "tmux", ["-L", socket, "list-panes", "-a"]);
      out["tmux.list_panes_p50_ms"] = round(percentile(samples, 50));
    } finally {
      await tmux(socket, "kill-server").catch(() => "");
    }
  }
  return out;
}

async function shimCalls(tmuxThere: boolean): Promise<Record<string, number>> {
  const server = await spawnServer();
  const out: Record<string, number> = {};
  try {
    await readyLine(server);
    const client = await server.connect();
    const { panes } = await client.call<{ panes: { id: string }[] }>("pane.list", {});
    client.close();
    const pane = panes[0]!.id;
    const env = { WEFT_SOCKET: server.socket, TMUX_PANE: `%${pane.slice(1)}`, WEFT_PANE: pane };
    const shim = join(server.dir, ".weft", "bin", "tmux");
    const args = ["display-message", "-p", "#{session_name}:#{window_index}"];
    const samples = await timeRuns(50, shim, args, { env });
    out["shim.display_p50_ms"] = round(percentile(samples, 50));
  } finally {
    await server.stop();
  }
  if (tmuxThere) {
    const socket = `weft-lean-shim-${Deno.pid}`;
    await tmux(socket, "new-session", "-d", "bash --norc");
    try {
      const samples = await timeRuns(50, "tmux", [
        "-L",
        socket,
        "display-message",
        "-p",
        "#{session_name}:#{window_index}",
      ]);
      out["tmux.display_p50_ms"] = round(percentile(samples, 50));
    } finally {
      await tmux(socket, "kill-server").catch(() => "");
    }
  }
  return out;
}

/** Server RSS and PSS with `count` idle panes (each its own window running `cat`). */
async function thousandPanes(count: number): Promise<Record<string, number>> {
  const server = await spawnServer();
  try {
    await readyLine(server);
    const client = await server.connect();
    try {
      await new Promise((r) => setTimeout(r, 1000));
      const before = rssBytes(server.child.pid);
      for (let i = 1; i < count; i++) {
        await client.call("window.create", { command: "printf 'user@host:~/project$ '; exec cat" });
      }
      // Idle: every prompt drawn, every screen quiet for a while.
      await new Promise((r) => setTimeout(r, 5000));
      const rss = rssBytes(server.child.pid);
      return {
        [`panes${count}.server_rss_MB`]: round(rss / MB),
        [`panes${count}.server_pss_MB`]: round(pssBytes(server.child.pid) / MB),
        [`panes${count}.rss_per_pane_KB`]: round((rss - before) / (count - 1) / 1024),
      };
    } finally {
      client.close();
    }
  } finally {
    await server.stop();
  }
}

function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

if (import.meta.main) console.table(await benchLean());
