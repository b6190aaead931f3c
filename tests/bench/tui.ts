/**
 * Attach-client benchmarks: a real `weft serve` process, the attach client in this process
 * drawing into a fake terminal that timestamps every frame.
 *
 * - render latency: a pane prints a numbered mark with its wall-clock time; latency is until
 *   a frame showing that mark has been written to the terminal (goal p50 ≤ 16 ms);
 * - keystroke echo: a key typed into a shell pane while another pane floods output, until a
 *   frame shows its echo (goal p99 ≤ 50 ms);
 * - idle CPU: the client's CPU time over 5 s in which nothing changes (goal ~0).
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
    return {
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

if (import.meta.main) console.table(await benchTui());
