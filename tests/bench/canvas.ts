/**
 * Canvas benchmark: file write → redraw latency (p50, p90 over 40 appends to a watched log in a
 * `weft serve` process; the redraw is seen by `pane.wait`, no polling; goal p50 ≤ 100 ms), and
 * render times of the kinds at 200 columns (median of 15): a 5,000-line diff side by side (goal
 * ≤ 50 ms; `canvas-render` has its CPU time), a 256 KiB log, a 3,000-item JSON array.
 *
 * Run alone: `deno task bench -- canvas`.
 *
 * @module
 */

import { join } from "node:path";
import { percentile, spawnServer } from "./_util.ts";
import { KINDS } from "../../plugins/canvas/kinds/mod.ts";
import type { RenderInput } from "../../plugins/canvas/kinds/types.ts";
import { bigDiff } from "./canvas_render.ts";

const r = (x: number) => Math.round(x * 10) / 10;

/** The median time of `runs` renders (after two warm-ups), in ms. */
function renderMs(kind: string, input: RenderInput, runs = 15): number {
  const render = KINDS[kind]!;
  render(input);
  render(input);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    render(input);
    samples.push(performance.now() - start);
  }
  return r(percentile(samples, 50));
}

async function redrawLatency(): Promise<number[]> {
  const server = await spawnServer();
  try {
    const client = await server.connect();
    const path = join(server.dir, "bench.log");
    await Deno.writeTextFile(path, "start\n");
    const { pane } = await client.call<{ pane: string }>("canvas.open", {
      kind: "log",
      path: "bench.log",
    });
    const samples: number[] = [];
    for (let i = 0; i < 42; i++) {
      const marker = `marker-${i}-${crypto.randomUUID().slice(0, 8)}`;
      const start = performance.now();
      const wait = client.call("pane.wait", { pane, match: marker, timeout: 10_000 });
      await Deno.writeTextFile(path, `INFO ${marker}\n`, { append: true });
      await wait;
      if (i >= 2) samples.push(performance.now() - start); // the first two warm up
    }
    client.close();
    return samples;
  } finally {
    await server.stop();
  }
}

/** The canvas figures. */
export async function benchCanvas(): Promise<Record<string, number>> {
  const latency = await redrawLatency();
  const logLine = "2026-11-24T02:00:00Z INFO  request served in 12 ms by worker 7 of the pool\n";
  const log = logLine.repeat(Math.floor((256 * 1024) / logLine.length));
  const json = JSON.stringify(
    Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ["a", "b"] })),
  );
  const size = { width: 200, height: 50 };
  return {
    write_to_redraw_p50_ms: r(percentile(latency, 50)),
    write_to_redraw_p90_ms: r(percentile(latency, 90)),
    render_diff_5000_lines_200_cols_ms: renderMs("diff", { content: bigDiff(5000), ...size }),
    render_log_256k_200_cols_ms: renderMs("log", { content: log, ...size }),
    render_json_3000_items_200_cols_ms: renderMs("json", {
      content: json,
      ...size,
      options: { fold: 9 },
    }),
  };
}

if (import.meta.main) console.table(await benchCanvas());
