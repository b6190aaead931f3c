/**
 * Attach-client benchmarks: a real `weft serve` process, the attach client in this process
 * drawing into a fake terminal that timestamps every frame.
 *
 * - render latency: a pane prints a numbered mark with its wall-clock time; latency is until
 *   a frame showing that mark has been written to the terminal (goal p50 ≤ 16 ms);
 * - keystroke echo: a key typed into a shell pane while another pane floods output, until a
 *   frame shows its echo (goal p99 ≤ 50 ms);
 * - idle CPU: the client's CPU time over 5 s in which nothing changes (goal ~0);
 * - copy mode on a 100k-line history: from the key to the frame that shows copy mode, and from
 *   `q` to the frame without it (goal ≤ 50 ms each); the history's first load and a search that
 *   counts its matches over all of it are reported too.
 *
 * Run alone: `deno run -A --unstable-worker-options tests/bench/tui.ts`.
 *
 * @module
 */

import process from "node:process";
import { WeftClient } from "../../plugins/client/mod.ts";
import type { CellGrid } from "../../plugins/tui/cells.ts";
import { AttachApp, type TerminalIo } from "../../plugins/tui/mod.ts";
import { ATTACH_DEFAULTS } from "../../plugins/tui/app.ts";
import { percentile, spawnServer } from "./_util.ts";

/** A terminal that swallows frames, remembering when each was written. */
class FakeTerminal implements TerminalIo {
  cols: number;
  rows: number;
  bytes = 0;
  frames = 0;
  #input: ((bytes: Uint8Array) => void) | undefined;

  constructor(cols: number, rows: number) {
    this.cols = cols;
    this.rows = rows;
  }
  size() {
    return { cols: this.cols, rows: this.rows };
  }
  write(data: string): Promise<void> {
    this.bytes += data.length;
    this.frames++;
    return Promise.resolve();
  }
  onInput(listener: (bytes: Uint8Array) => void): void {
    this.#input = listener;
  }
  onResize(): void {}
  start(): void {}
  close(): Promise<void> {
    return Promise.resolve();
  }
  type(text: string): void {
    this.#input?.(new TextEncoder().encode(text));
  }
}

function wall(): number {
  return performance.timeOrigin + performance.now();
}

/** Frames as they are written: wait for one whose text passes a test (checked once a frame). */
class Frames {
  last = "";
  #waiters: { test: (text: string) => boolean; resolve: (at: number) => void }[] = [];

  seen(grid: CellGrid): void {
    const at = performance.now();
    this.last = gridText(grid);
    this.#waiters = this.#waiters.filter((w) => !(w.test(this.last) && (w.resolve(at), true)));
  }

  /** Resolves with the time of the first frame (or the current one) that passes `test`. */
  until(test: (text: string) => boolean, timeoutMs = 20_000): Promise<number> {
    if (test(this.last)) return Promise.resolve(performance.now());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error("bench: timed out waiting for the screen")),
        timeoutMs,
      );
      this.#waiters.push({ test, resolve: (at) => (clearTimeout(timer), resolve(at)) });
    });
  }
}

function gridText(grid: CellGrid): string {
  return grid.toText().join("\n");
}

/** Runs every TUI benchmark. */
export async function benchTui(): Promise<Record<string, number>> {
  const server = await spawnServer({ idleMs: 300 });
  const client = await WeftClient.connect(server.socket, { client: "tui" });
  const control = await server.connect();
  try {
    const marker =
      "let i=0;const t=setInterval(()=>{console.log(`MARK ${i++} ${performance.timeOrigin+performance.now()}`);" +
      "if(i>=200)clearInterval(t)},25)";
    const s = await control.call<{ window: string; pane: string }>("session.create", {
      argv: ["bash", "--norc", "--noprofile"],
      env: { PS1: "$ " },
    });
    const terminal = new FakeTerminal(160, 48);
    const app = new AttachApp(client, terminal, { ...ATTACH_DEFAULTS });
    const frames = new Frames();
    const marks = new Map<number, number>();
    app.onFrame = (_out, grid) => {
      const at = wall();
      frames.seen(grid);
      for (const m of frames.last.matchAll(/MARK (\d+) ([\d.]+)/g)) {
        const n = Number(m[1]);
        if (!marks.has(n)) marks.set(n, at - Number(m[2]));
      }
    };
    const running = app.run();
    await frames.until((t) => t.includes("$"));

    // Render latency.
    await control.call("pane.write", {
      pane: s.pane,
      text: `${Deno.execPath()} eval '${marker}'`,
      keys: ["Enter"],
    });
    await frames.until(() => marks.has(199), 60_000);
    const render = [...marks.values()];

    // Keystroke echo while another pane floods.
    const flood = await control.call<{ id: string }>("pane.create", {
      split: s.pane,
      direction: "horizontal",
      focus: false,
      command: "while :; do seq 1 2000; done",
    });
    await control.call("pane.write", { pane: s.pane, text: "clear", keys: ["Enter"] });
    await new Promise((r) => setTimeout(r, 500));
    const echo: number[] = [];
    let typed = "";
    for (let i = 0; i < 150; i++) {
      if (i % 50 === 49) {
        // Keep the line short: erase it (C-u), and wait for the echo of that.
        terminal.type("\x15");
        typed = "";
        await frames.until((t) => !/\$ [a-z]/.test(t));
      }
      const ch = String.fromCharCode(97 + (i % 26));
      typed += ch;
      const want = typed;
      const sent = performance.now();
      terminal.type(ch);
      echo.push((await frames.until((t) => t.includes(want))) - sent);
      await new Promise((r) => setTimeout(r, 10));
    }
    await control.call("pane.close", { pane: flood.id });
    await control.call("pane.write", { pane: s.pane, keys: ["C-c"] });
    await new Promise((r) => setTimeout(r, 1000));

    // Idle CPU.
    const framesBefore = terminal.frames;
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, 5000));
    const used = process.cpuUsage(cpu);
    const idleMs = performance.now() - t0;

    app.finish({ reason: "detached", message: "bench done" });
    await running;
    const copy = await benchCopyMode(server.socket, control);
    return {
      ...copy,
      "render.latency.p50_ms": percentile(render, 50),
      "render.latency.p99_ms": percentile(render, 99),
      "echo.under_flood.p50_ms": percentile(echo, 50),
      "echo.under_flood.p99_ms": percentile(echo, 99),
      "idle.cpu_percent": ((used.user + used.system) / 1000 / idleMs) * 100,
      "idle.frames_in_5s": terminal.frames - framesBefore,
    };
  } finally {
    client.close();
    control.close();
    await server.stop();
  }
}

/** Copy mode entered and left on a pane with 100k lines of history, in a client of its own. */
async function benchCopyMode(
  socket: string,
  control: WeftClient,
): Promise<Record<string, number>> {
  const lines = 100_000;
  const big = await control.call<{ session: string; pane: string }>("session.create", {
    argv: ["sh", "-c", `seq 1 ${lines}; echo SEQ-DONE; exec sleep 600`],
  });
  const client = await WeftClient.connect(socket, { client: "tui" });
  const terminal = new FakeTerminal(160, 48);
  const app = new AttachApp(client, terminal, {
    ...ATTACH_DEFAULTS,
    scrollback: lines + 1000,
    session: big.session,
  });
  const frames = new Frames();
  app.onFrame = (_out, grid) => frames.seen(grid);
  const running = app.run();
  try {
    await frames.until((t) => t.includes("SEQ-DONE"), 60_000);
    const timed = async (keys: string, test: (t: string) => boolean) => {
      const sent = performance.now();
      terminal.type(keys);
      return (await frames.until(test)) - sent;
    };
    const inCopy = (t: string) => t.includes("q leaves");
    const base = (t: string) => Number(/\[\d+\/(\d+)\]/.exec(t)?.[1] ?? 0);
    const enter: number[] = [];
    const leave: number[] = [];
    let historyMs = 0;
    for (let i = 0; i < 7; i++) {
      const sent = performance.now();
      enter.push(await timed("\x02[", inCopy));
      if (i === 0) historyMs = (await frames.until((t) => base(t) >= lines - 100, 60_000)) - sent;
      leave.push(await timed("q", (t) => !inCopy(t)));
    }
    terminal.type("\x02[");
    await frames.until(inCopy);
    const search = await timed("?77777\r", (t) => /"77777" 1\/1/.test(t));
    return {
      "copy.enter_100k.p50_ms": percentile(enter, 50),
      "copy.enter_100k.max_ms": Math.max(...enter),
      "copy.leave_100k.p50_ms": percentile(leave, 50),
      "copy.leave_100k.max_ms": Math.max(...leave),
      "copy.history_load_100k_ms": historyMs,
      "copy.search_count_100k_ms": search,
    };
  } finally {
    app.finish({ reason: "detached", message: "bench done" });
    await running;
    client.close();
  }
}

if (import.meta.main) console.table(await benchTui());
