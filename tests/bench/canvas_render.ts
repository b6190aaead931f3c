/**
 * Canvas kind render figures: a 5,000-line diff (hunks of context, removed and added lines with
 * word-level changes) drawn side by side at 200 columns (goal ≤ 50 ms) and unified at 120, as
 * the median wall and CPU time of repeated renders after a warm-up.
 *
 * @module
 */

import { render as renderDiff } from "../../plugins/canvas/kinds/diff.ts";
import process from "node:process";
import { percentile } from "./_util.ts";

const RUNS = 15;

/** A unified diff of `lines` hunk lines: 10 context, 3 removed, 3 added, repeated. */
export function bigDiff(lines: number): string {
  const out = ["diff --git a/src/big.ts b/src/big.ts", "--- a/src/big.ts", "+++ b/src/big.ts"];
  let oldNo = 1, newNo = 1, n = 0;
  while (n < lines) {
    const body: string[] = [];
    for (let i = 0; i < 10; i++) {
      body.push(` const value${oldNo + i} = compute(${i}, "context line");`);
    }
    for (let i = 0; i < 3; i++) {
      body.push(`-  total += weight * item${i}.price; // before ${oldNo}`);
    }
    for (let i = 0; i < 3; i++) body.push(`+  total += weight * item${i}.cost; // after ${newNo}`);
    out.push(`@@ -${oldNo},13 +${newNo},13 @@ function block${oldNo}() {`, ...body);
    oldNo += 13, newNo += 13, n += body.length;
  }
  return out.join("\n") + "\n";
}

/** Median wall and CPU milliseconds of a render (CPU time is fairer on a shared machine). */
function median(fn: () => unknown): [number, number] {
  fn(); // warm-up: JIT and the libraries' first use
  const wall: number[] = [], cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now(), used = process.cpuUsage();
    fn();
    wall.push(performance.now() - started);
    const { user, system } = process.cpuUsage(used);
    cpu.push((user + system) / 1000);
  }
  return [percentile(wall, 50), percentile(cpu, 50)];
}

/** `deno task bench -- canvas-render`. */
export function benchCanvasRender(): Promise<Record<string, number>> {
  const diff = bigDiff(5_000);
  const [sideWall, sideCpu] = median(() => renderDiff({ content: diff, width: 200, height: 50 }));
  const [uniWall, uniCpu] = median(() => renderDiff({ content: diff, width: 120, height: 50 }));
  return Promise.resolve({
    diff5000SideBySide200Ms: sideWall,
    diff5000SideBySide200CpuMs: sideCpu,
    diff5000Unified120Ms: uniWall,
    diff5000Unified120CpuMs: uniCpu,
  });
}
