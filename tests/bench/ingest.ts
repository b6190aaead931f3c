/**
 * Ingest and memory benchmarks for the PTY host and the screen.
 *
 * - `benchIngest()`: 100 MB of plain base64 lines and 100 MB of SGR-colour-heavy lines are
 *   `cat` in a pane (Pty + Screen + pipe) until the screen has parsed all of it, and in a
 *   detached tmux server; MB/s for both and the ratio. Best of a few runs (the machine is
 *   shared), weft and tmux alternating.
 * - `benchHistoryMemory()`: heap bytes per 80-column history line (in a child process with
 *   `--expose-gc`), what the history store itself counts, and the cost of an idle pane.
 *
 * Run alone: `deno run -A --unstable-worker-options tests/bench/ingest.ts [ingest|memory]`.
 *
 * @module
 */

import { Buffer } from "node:buffer";
import { hasTmux, tmux } from "./_util.ts";
import { pipe } from "../../core/model/pane_io.ts";
import { type ExitInfo, Pty } from "../../core/pty/mod.ts";
import { type ReadOptions, Screen } from "../../core/screen/mod.ts";
import { QUIET_MS } from "../../core/screen/_quiet.ts";

const MB = 1024 * 1024;
const SIZE = 100 * MB;
const RUNS = Number(Deno.env.get("WEFT_BENCH_RUNS") ?? 3);
const ENV = { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", LANG: "C.UTF-8" };

/** Ingest throughput of weft and tmux, MB/s, for plain and colour-heavy output. */
export function benchIngest(): Promise<Record<string, number>> {
  return ingestFigures(SIZE / MB);
}

/** {@link benchIngest} over files of `sizeMB` MB each. */
export async function ingestFigures(sizeMB: number): Promise<Record<string, number>> {
  const dir = await Deno.makeTempDir({ prefix: "weft-bench-ingest-" });
  try {
    const files = { plain: `${dir}/plain.txt`, colour: `${dir}/colour.txt` };
    await writeLines(files.plain, plainLines, sizeMB * MB);
    await writeLines(files.colour, colourLines, sizeMB * MB);
    const tmuxThere = await hasTmux();
    const out: Record<string, number> = {};
    for (const [kind, file] of Object.entries(files)) {
      const size = (await Deno.stat(file)).size;
      let weft = 0;
      let tm = 0;
      let ptyOnly = 0;
      for (let run = 0; run < RUNS; run++) {
        weft = Math.max(weft, size / MB / await ingestWeft(file));
        if (tmuxThere) tm = Math.max(tm, size / MB / await ingestTmux(file));
        ptyOnly = Math.max(ptyOnly, size / MB / await readOnly(file));
      }
      out[`${kind}_weft_MBps`] = round(weft);
      if (tmuxThere) {
        out[`${kind}_tmux_MBps`] = round(tm);
        out[`${kind}_ratio`] = round(weft / tm, 2);
      }
      out[`${kind}_pty_only_MBps`] = round(ptyOnly);
    }
    return out;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Seconds for a pane to take in `file` until its screen has parsed all of it. */
async function ingestWeft(file: string): Promise<number> {
  const started = performance.now();
  const pty = Pty.spawn({ argv: ["cat", file], cwd: "/", env: ENV, cols: 80, rows: 24 });
  const screen = new Screen({
    cols: 80,
    rows: 24,
    historyBytes: 8 * MB,
    reply: (data) => pty.write(data),
  });
  const unpipe = pipe(pty, screen, {});
  await new Promise<ExitInfo>((resolve) => pty.onExit(resolve));
  await screen.flush();
  const seconds = (performance.now() - started) / 1000;
  unpipe();
  screen.dispose();
  return seconds;
}

/** Seconds for the PTY alone to deliver `file` (no screen): the ceiling of the pipeline. */
async function readOnly(file: string): Promise<number> {
  const started = performance.now();
  const pty = Pty.spawn({ argv: ["cat", file], cwd: "/", env: ENV, cols: 80, rows: 24 });
  pty.onBytes(() => {});
  await new Promise<ExitInfo>((resolve) => pty.onExit(resolve));
  return (performance.now() - started) / 1000;
}

/** Seconds for a detached tmux pane to take in `file` (`cat` then `wait-for -S`). */
async function ingestTmux(file: string): Promise<number> {
  const socket = `weft-bench-${Deno.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const started = performance.now();
  await tmux(
    socket,
    "new-session",
    "-d",
    "-x",
    "80",
    "-y",
    "24",
    `cat '${file}'; tmux wait-for -S done`,
  );
  await tmux(socket, "wait-for", "done");
  const seconds = (performance.now() - started) / 1000;
  await tmux(socket, "kill-server").catch(() => "");
  return seconds;
}

/** Writes about `size` bytes of lines made by `make` to `file`. */
async function writeLines(
  file: string,
  make: (block: number) => string,
  size: number,
): Promise<void> {
  const f = await Deno.open(file, { write: true, create: true, truncate: true });
  const encoder = new TextEncoder();
  let written = 0;
  for (let block = 0; written < size; block++) {
    const bytes = encoder.encode(make(block));
    await f.write(bytes);
    written += bytes.length;
  }
  f.close();
}

/** About 1 MB of base64 lines (76 characters, like `base64`). */
function plainLines(): string {
  const random = new Uint8Array(57 * 13_800);
  for (let at = 0; at < random.length; at += 65_536) {
    crypto.getRandomValues(random.subarray(at, at + 65_536));
  }
  return Buffer.from(random).toString("base64").replace(/.{76}/g, "$&\n");
}

const WORDS = "alpha beta gamma delta error warn info debug trace value key module fn call ok"
  .split(" ");
const STYLES = [
  "\x1b[31m",
  "\x1b[32m",
  "\x1b[1;33m",
  "\x1b[34m",
  "\x1b[1;35m",
  "\x1b[36m",
  "\x1b[38;5;208m",
  "\x1b[38;5;39m",
  "\x1b[4;37m",
  "\x1b[38;2;255;128;0m",
  "\x1b[7m",
  "\x1b[1;41;97m",
];

/** About 1 MB of log-like lines, each word in its own colour (about 14 SGR runs a line). */
function colourLines(block: number): string {
  let seed = block * 7919 + 1;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
  const lines: string[] = [];
  for (let bytes = 0; bytes < MB;) {
    let line = "";
    for (let visible = 0; visible < 70;) {
      const word = WORDS[next(WORDS.length)]!;
      line += `${STYLES[next(STYLES.length)]}${word}\x1b[0m `;
      visible += word.length + 1;
    }
    lines.push(line);
    bytes += line.length + 1;
  }
  return lines.join("\n") + "\n";
}

/**
 * Memory: heap bytes per 80-column history line (plain and colour-heavy), what the history
 * store counts for itself, and the heap and RSS an idle pane costs. Measured in a child
 * process started with `--expose-gc` so that heap deltas are after a full collection.
 */
export async function benchHistoryMemory(): Promise<Record<string, number>> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--unstable-worker-options",
      "--v8-flags=--expose-gc",
      new URL(import.meta.url).pathname,
      "--memory-child",
    ],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  if (!out.success) throw new Error("the memory child failed");
  const result = JSON.parse(new TextDecoder().decode(out.stdout)) as Record<string, number>;
  if (await hasTmux()) {
    const tm = await tmuxHistory();
    result.tmux_rss_bytes_per_line_plain = tm.bytesPerLine;
    result.tmux_capture_history_ms = tm.captureMs;
    result.tmux_idle_pane_rss_bytes = await tmuxIdlePane();
  }
  return result;
}

const LINES = 100_000;
const WARM_LINES = 20_000;
const READS: [string, ReadOptions][] = [
  ["plain", { mode: "history" }],
  ["ansi", { mode: "history", ansi: true }],
  ["joined", { mode: "history", joinWrapped: true }],
];

/** Best wall time (ms) of `runs` calls. */
function bestOf(runs: number, call: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    call();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

async function memoryChild(): Promise<Record<string, number>> {
  const gc = (globalThis as { gc?: () => void }).gc;
  // Typed-array contents live outside the V8 heap ("external"), so count both.
  const heap = () => {
    for (let i = 0; i < 3; i++) gc?.();
    const usage = Deno.memoryUsage();
    return usage.heapUsed + usage.external;
  };
  const out: Record<string, number> = {};
  for (const [kind, make] of [["plain", plainLines], ["colour", colourLines]] as const) {
    const screen = new Screen({ cols: 80, rows: 24, historyBytes: 256 * MB, reply: () => {} });
    let block = 0;
    const feed = async (count: number) => {
      for (let fed = 0; fed < count; block++) {
        const lines = make(block).split("\n").slice(0, -1).slice(0, count - fed);
        screen.write(lines.join("\r\n") + "\r\n");
        fed += lines.length;
        await screen.flush();
      }
    };
    // Per line, measured between WARM_LINES and WARM_LINES + LINES: the screen's fixed
    // costs (xterm's own buffer, parse buffers) are already paid by then.
    await feed(WARM_LINES);
    const before = heap();
    const storeBefore = screen.historyBytes;
    await feed(LINES);
    const after = heap();
    out[`${kind}_heap_bytes_per_line`] = round((after - before) / LINES);
    out[`${kind}_store_bytes_per_line`] = round((screen.historyBytes - storeBefore) / LINES);
    for (const [name, options] of READS) {
      out[`${kind}_history_read_${name}_ms`] = round(bestOf(5, () => screen.read(options)), 2);
    }
    screen.dispose();
  }
  Object.assign(out, await idlePaneCost(heap));
  return out;
}

/**
 * Heap (JS heap plus typed-array memory) and RSS of an idle pane: a program waiting for input,
 * its screen showing a prompt. A first pane is started before measuring so the shared reader
 * thread is not charged to the panes.
 */
async function idlePaneCost(heap: () => number): Promise<Record<string, number>> {
  const count = 20;
  const panes: { pty: Pty; screen: Screen; unpipe: () => void }[] = [];
  const open = () => {
    const pty = Pty.spawn({ argv: ["cat"], cwd: "/", env: ENV, cols: 80, rows: 24 });
    const screen = new Screen({
      cols: 80,
      rows: 24,
      historyBytes: 8 * MB,
      reply: (d) => pty.write(d),
    });
    const unpipe = pipe(pty, screen, {});
    screen.write("user@host:~/project$ ");
    panes.push({ pty, screen, unpipe });
  };
  open();
  await panes[0]!.screen.flush();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const heapBefore = heap();
  const rssBefore = Deno.memoryUsage().rss;
  for (let i = 0; i < count; i++) open();
  await Promise.all(panes.map((p) => p.screen.flush()));
  // Idle: quiet for longer than a screen waits before it gives its spare memory back.
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS + 500));
  const result: Record<string, number> = {
    idle_pane_heap_bytes: round((heap() - heapBefore) / count),
    idle_pane_rss_bytes: round((Deno.memoryUsage().rss - rssBefore) / count),
  };
  // The same panes after 1,000 lines of output each: busy, then quiet again.
  const before = heap();
  for (const { screen } of panes.slice(1)) {
    screen.write(colourLines(7).split("\n").slice(0, 1000).join("\r\n") + "\r\n$ ");
  }
  await Promise.all(panes.map((p) => p.screen.flush()));
  result.busy_pane_1000_lines_heap_bytes = round((heap() - before) / count);
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS + 500));
  result.quiet_pane_1000_lines_heap_bytes = round((heap() - before) / count);
  for (const { pty, screen, unpipe } of panes) {
    const exit = new Promise((resolve) => pty.onExit(resolve));
    pty.kill();
    await exit;
    unpipe();
    screen.dispose();
  }
  return result;
}

/**
 * tmux server RSS growth per history line for 100k plain 76-column lines, and the time of
 * `capture-pane -p -S -` over them (a process start included, as a client pays it).
 */
async function tmuxHistory(): Promise<{ bytesPerLine: number; captureMs: number }> {
  const dir = await Deno.makeTempDir({ prefix: "weft-bench-tmux-" });
  const socket = `weft-bench-mem-${Deno.pid}`;
  try {
    const file = `${dir}/lines.txt`;
    const text = plainLines().split("\n").slice(0, -1);
    const lines: string[] = [];
    while (lines.length < LINES) lines.push(...text);
    await Deno.writeTextFile(file, lines.slice(0, LINES).join("\n") + "\n");
    await Deno.writeTextFile(`${dir}/tmux.conf`, `set -g history-limit ${LINES * 2}\n`);
    const run = (...args: string[]) =>
      new Deno.Command("tmux", { args: ["-L", socket, "-f", `${dir}/tmux.conf`, ...args] })
        .output();
    await run("new-session", "-d", "-x", "80", "-y", "24", "cat");
    const pid = (await tmux(socket, "display", "-p", "#{pid}")).trim();
    const rss = async () => {
      const status = await Deno.readTextFile(`/proc/${pid}/status`);
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) * 1024;
    };
    const before = await rss();
    // `; cat` keeps the pane (and so the server) alive after the lines are in
    await run("respawn-pane", "-k", `cat '${file}'; tmux wait-for -S mem; cat`);
    await run("wait-for", "mem");
    const after = await rss();
    let captureMs = Infinity;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const captured = await run("capture-pane", "-p", "-S", "-");
      captureMs = Math.min(captureMs, performance.now() - started);
      if (captured.stdout.length < LINES * 76) throw new Error("tmux capture-pane came back short");
    }
    await run("kill-server");
    return { bytesPerLine: round((after - before) / LINES), captureMs: round(captureMs, 2) };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** tmux server RSS growth per idle pane (a window running `cat`), over 20 panes. */
async function tmuxIdlePane(): Promise<number> {
  const socket = `weft-bench-idle-${Deno.pid}`;
  await tmux(socket, "new-session", "-d", "-x", "80", "-y", "24", "cat");
  const pid = (await tmux(socket, "display", "-p", "#{pid}")).trim();
  const rss = async () => {
    const status = await Deno.readTextFile(`/proc/${pid}/status`);
    return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) * 1024;
  };
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = await rss();
  for (let i = 0; i < 20; i++) await tmux(socket, "new-window", "-d", "cat");
  await new Promise((resolve) => setTimeout(resolve, 200));
  const after = await rss();
  await tmux(socket, "kill-server").catch(() => "");
  return round((after - before) / 20);
}

function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

if (import.meta.main) {
  if (Deno.args.includes("--memory-child")) {
    console.log(JSON.stringify(await memoryChild()));
  } else {
    const which = Deno.args[0];
    if (!which || which === "ingest") console.table(await benchIngest());
    if (!which || which === "memory") console.table(await benchHistoryMemory());
  }
}
