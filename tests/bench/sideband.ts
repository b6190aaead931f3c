/**
 * Sideband benchmarks:
 *
 * - the stream parser's throughput on 100 MB of output with no tags and with sparse tags
 *   (goal ≥ 500 MB/s, invisible beside a PTY's ~85 MB/s), in 64 KiB chunks as a PTY delivers
 *   them (MB counted in characters; the text is ASCII but for one glyph a line);
 * - pane ingest in a real `weft serve` with the plugin off, and on reading the pane as a byte
 *   stream or as an agent's screen (goal: ≤ 5% slower): `cat` of 64 MB until the screen has
 *   parsed it all, best of three, alternating; wall time, and the server process's CPU time
 *   (steadier on a shared machine).
 *
 * Run alone: `deno run -A --unstable-worker-options tests/bench/sideband.ts [parser|ingest]`.
 *
 * @module
 */

import { join } from "node:path";
import { SidebandStream } from "../../protocols/sideband/mod.ts";
import { spawnServer } from "./_util.ts";

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** Realistic output: log lines with colours, paths, code with `<` and `>`, a few OSC titles. */
function block(size: number, tagEvery: number): string {
  const lines = [
    "\x1b[32m✓\x1b[0m src/core/bus.test.ts > Bus > dispatches a call (3 ms)\r\n",
    "  at Object.<anonymous> (/home/dev/project/src/index.ts:42:17)\r\n",
    'if (a < b && b > c) { return <div className="x">{items}</div>; }\r\n',
    "\x1b]0;npm run test\x07\x1b[1;34minfo\x1b[0m compiled 1287 modules in 2.31s\r\n",
    "weft <weft is not a tag> and <w and 2 < 3 and 1<<4 = 16\r\n",
  ];
  let out = "";
  let sinceTag = 0;
  for (let i = 0; out.length < size; i++) {
    const line = lines[i % lines.length]!;
    out += line;
    sinceTag += line.length;
    if (tagEvery > 0 && sinceTag >= tagEvery) {
      out += `<weft:status state="working" msg="step ${i}"/>\r\n`;
      sinceTag = 0;
    }
  }
  return out;
}

function throughput(data: string, totalBytes: number): { mbPerS: number; commands: number } {
  const chunks: string[] = [];
  for (let i = 0; i < data.length; i += CHUNK) chunks.push(data.slice(i, i + CHUNK));
  const rounds = Math.ceil(totalBytes / data.length);
  const parser = new SidebandStream();
  let commands = 0;
  let shown = 0;
  const start = performance.now();
  for (let r = 0; r < rounds; r++) {
    for (const chunk of chunks) {
      const out = parser.push(chunk);
      commands += out.commands.length;
      shown += out.text.length;
    }
  }
  commands += parser.flush().commands.length;
  const seconds = (performance.now() - start) / 1000;
  if (shown === 0) throw new Error("nothing passed through");
  return { mbPerS: (rounds * data.length) / MB / seconds, commands };
}

/** Parser throughput on 100 MB, without tags and with a tag about every 16 KiB. */
export function benchParser(): Promise<Record<string, number>> {
  const plain = block(8 * MB, 0);
  const sparse = block(8 * MB, 16 * 1024);
  throughput(plain, 16 * MB); // warm-up
  throughput(sparse, 16 * MB);
  const a = throughput(plain, 100 * MB);
  const b = throughput(sparse, 100 * MB);
  return Promise.resolve({
    "parser.no_tags.mb_per_s": Math.round(a.mbPerS),
    "parser.sparse_tags.mb_per_s": Math.round(b.mbPerS),
    "parser.sparse_tags.commands": b.commands,
  });
}

const INGEST_MB = 64;
const RUNS = Number(Deno.env.get("WEFT_BENCH_RUNS") ?? 3);

/** CPU seconds one process has used (all its threads), and its parent's pid. */
async function processCpu(pid: number | string): Promise<{ cpu: number; ppid: number }> {
  const stat = await Deno.readTextFile(`/proc/${pid}/stat`).catch(() => "");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { cpu: (Number(fields[11]) + Number(fields[12])) / 100, ppid: Number(fields[1]) };
}

/**
 * CPU seconds the server has used: its own threads, and its plugin processes (children run
 * with `--weft-plugin=`), not its panes' programs.
 */
async function cpuSeconds(pid: number): Promise<number> {
  let total = (await processCpu(pid)).cpu;
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    const { cpu, ppid } = await processCpu(entry.name);
    if (ppid !== pid) continue;
    const cmdline = await Deno.readTextFile(`/proc/${entry.name}/cmdline`).catch(() => "");
    if (cmdline.includes("--weft-plugin=")) total += cpu;
  }
  return total;
}

/**
 * Wall and CPU seconds for a pane of a fresh server to `cat` the file until its screen has
 * parsed it.
 */
async function ingest(
  file: string,
  mode: "off" | "stream" | "screen",
): Promise<{ wall: number; cpu: number }> {
  const weft = mode === "off" ? { plugins: { sideband: false } } : {};
  const server = await spawnServer(weft);
  const client = await server.connect();
  try {
    const tags = mode === "off" ? [] : [`sideband:${mode}`];
    const s = await client.call<{ pane: string }>("session.create", {
      command: `read go; cat ${file}`,
      tags,
    });
    await client.call("pane.wait", { pane: s.pane, idle: 200, timeout: 30_000 }).catch(() => {});
    const cpu = await cpuSeconds(server.child.pid);
    const started = performance.now();
    await client.call("pane.write", { pane: s.pane, text: "\r" });
    await client.call("pane.wait", { pane: s.pane, exit: true, timeout: 300_000 });
    await client.call("pane.read", { pane: s.pane });
    return {
      wall: (performance.now() - started) / 1000,
      cpu: (await cpuSeconds(server.child.pid)) - cpu,
    };
  } finally {
    client.close();
    await server.stop();
  }
}

/** Ingest MB/s with the plugin off, and on reading the pane as a stream and as a screen. */
export async function benchIngest(): Promise<Record<string, number>> {
  const dir = await Deno.makeTempDir({ prefix: "weft-bench-sideband-" });
  try {
    const file = join(dir, "out.txt");
    const line =
      "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+/0123456789abcdef\n";
    const body = line.repeat(Math.ceil((INGEST_MB * MB) / line.length));
    await Deno.writeTextFile(file, body + "END-OF-BENCH\n");
    const size = (await Deno.stat(file)).size;
    const wall: Record<string, number> = { off: Infinity, stream: Infinity, screen: Infinity };
    const cpu: Record<string, number> = { ...wall };
    for (let run = 0; run < RUNS; run++) {
      for (const mode of ["off", "stream", "screen"] as const) {
        const took = await ingest(file, mode);
        wall[mode] = Math.min(wall[mode]!, took.wall);
        cpu[mode] = Math.min(cpu[mode]!, took.cpu);
      }
    }
    const mbps = (seconds: number) => Math.round((size / MB / seconds) * 10) / 10;
    const more = (of: Record<string, number>, mode: string) =>
      Math.round((of[mode]! / of.off! - 1) * 1000) / 10;
    return {
      "ingest.off.mb_per_s": mbps(wall.off!),
      "ingest.stream.mb_per_s": mbps(wall.stream!),
      "ingest.screen.mb_per_s": mbps(wall.screen!),
      "ingest.stream.slower_pct": more(wall, "stream"),
      "ingest.screen.slower_pct": more(wall, "screen"),
      "ingest.off.cpu_ms_per_mb": Math.round((cpu.off! * 1000) / (size / MB) * 10) / 10,
      "ingest.stream.cpu_more_pct": more(cpu, "stream"),
      "ingest.screen.cpu_more_pct": more(cpu, "screen"),
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Every sideband benchmark. */
export async function benchSideband(): Promise<Record<string, number>> {
  return { ...(await benchParser()), ...(await benchIngest()) };
}

if (import.meta.main) {
  const which = Deno.args[0];
  const run = which === "parser" ? benchParser : which === "ingest" ? benchIngest : benchSideband;
  console.table(await run());
}
