/**
 * Core benchmarks over the control socket: read latency (vs tmux capture-pane), the longest
 * event-loop stall while 50 panes print, and `weft serve` start-up time.
 *
 * @module
 */

import { hasTmux, percentile, spawnServer, tmux } from "./_util.ts";

async function time<T>(fn: () => Promise<T>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Read latency: visible screen, recent 1,000 lines, full 100k-line history; tmux for reference. */
export async function benchRead(): Promise<Record<string, number>> {
  const server = await spawnServer({ historyBytes: 64 * 1024 * 1024 });
  const client = await server.connect();
  try {
    const s = await client.call<{ pane: string }>("session.create", {
      command: "seq 1 100000; sleep 600",
    });
    await client.call("pane.wait", {
      pane: s.pane,
      match: "^100000$",
      regex: true,
      timeout: 120_000,
    });
    const visible: number[] = [];
    const recent: number[] = [];
    const history: number[] = [];
    for (let i = 0; i < 300; i++) {
      visible.push(await time(() => client.call("pane.read", { pane: s.pane })));
    }
    for (let i = 0; i < 100; i++) {
      recent.push(
        await time(() => client.call("pane.read", { pane: s.pane, mode: "recent", lines: 1000 })),
      );
    }
    let lines = 0;
    for (let i = 0; i < 10; i++) {
      history.push(
        await time(async () => {
          const r = await client.call<{ text: string }>("pane.read", {
            pane: s.pane,
            mode: "history",
          });
          lines = r.text.split("\n").length;
        }),
      );
    }
    const out: Record<string, number> = {
      "read.visible.p50_ms": percentile(visible, 50),
      "read.visible.p99_ms": percentile(visible, 99),
      "read.recent1000.p50_ms": percentile(recent, 50),
      "read.history100k.p50_ms": percentile(history, 50),
      "read.history100k.lines": lines,
    };
    if (await hasTmux()) {
      const name = `weft-bench-${Deno.pid}`;
      try {
        await tmux(name, "new-session", "-d", "-x", "120", "-y", "40", "bash --norc");
        await tmux(name, "set-option", "-g", "history-limit", "200000");
        await tmux(
          name,
          "new-window",
          "-d",
          "-t",
          "0:1",
          "bash --norc -c 'seq 1 100000; sleep 600'",
        );
        await new Promise((r) => setTimeout(r, 1500));
        const t: number[] = [];
        for (let i = 0; i < 10; i++) {
          t.push(await time(() => tmux(name, "capture-pane", "-p", "-S", "-", "-t", "0:1")));
        }
        out["tmux.capture_history100k.p50_ms"] = percentile(t, 50);
        out["ratio.history_read_vs_tmux"] = out["read.history100k.p50_ms"]! /
          out["tmux.capture_history100k.p50_ms"]!;
      } finally {
        await tmux(name, "kill-server").catch(() => {});
      }
    }
    return out;
  } finally {
    client.close();
    await server.stop();
  }
}

/** The longest socket round-trip (a stand-in for an event-loop stall) while 50 panes print. */
export async function benchStalls(): Promise<Record<string, number>> {
  const server = await spawnServer();
  const client = await server.connect();
  try {
    const command = "yes 'weft stall bench line'";
    const s = await client.call<{ window: string }>("session.create", { command });
    for (let w = 0; w < 5; w++) {
      const window = w === 0
        ? s.window
        : (await client.call<{ window: string }>("window.create", { command })).window;
      for (let i = 1; i < 10; i++) await client.call("pane.create", { window, command });
    }
    await new Promise((r) => setTimeout(r, 1000));
    const rtts: number[] = [];
    const end = performance.now() + 5000;
    while (performance.now() < end) {
      rtts.push(await time(() => client.call("server.status")));
      await new Promise((r) => setTimeout(r, 10));
    }
    return {
      "stall.50panes.max_ms": Math.max(...rtts),
      "stall.50panes.p99_ms": percentile(rtts, 99),
      "stall.50panes.p50_ms": percentile(rtts, 50),
      "stall.50panes.samples": rtts.length,
    };
  } finally {
    client.close();
    await server.stop();
  }
}

/** `weft serve` from process start to a socket that answers, median of 5. */
export async function benchStartup(): Promise<Record<string, number>> {
  const socket: number[] = [];
  const ready: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 5; i++) {
    const server = await spawnServer();
    socket.push(server.readyMs);
    const lines = server.child.stderr.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("ready in")) {
      const { value, done } = await lines.read();
      if (done) throw new Error(`weft serve ended before its ready line: ${text}`);
      text += value;
    }
    ready.push(performance.now() - server.started);
    cpu.push(treeCpuMs(server.child.pid));
    await lines.cancel();
    await server.stop();
  }
  return {
    "startup.ready.p50_ms": percentile(socket, 50),
    "startup.ready.min_ms": Math.min(...socket),
    "startup.ready_line.p50_ms": percentile(ready, 50),
    "startup.ready_line.cpu_p50_ms": percentile(cpu, 50),
  };
}

/**
 * CPU time (user + system) a server and its processes spent so far: itself, the children it
 * reaped (plugin processes that only showed a manifest) and the ones still running (plugins,
 * pane shells). Unlike wall time it hardly moves with the machine's load. Linux only (NaN
 * elsewhere).
 */
function treeCpuMs(pid: number): number {
  const ticks = (p: number, from: number) => {
    const fields = Deno.readTextFileSync(`/proc/${p}/stat`).split(") ")[1]!.split(" ");
    return fields.slice(from, from + 2).reduce((sum, f) => sum + Number(f), 0);
  };
  try {
    const kids = Deno.readTextFileSync(`/proc/${pid}/task/${pid}/children`).trim().split(/\s+/);
    let total = ticks(pid, 11) + ticks(pid, 13);
    for (const kid of kids.filter(Boolean)) {
      try {
        total += ticks(Number(kid), 11);
      } catch { /* it ended meanwhile */ }
    }
    return total * 10; // USER_HZ is 100 on Linux
  } catch {
    return NaN;
  }
}

if (import.meta.main) {
  for (const fn of [benchStartup, benchRead, benchStalls]) console.table(await fn());
}
