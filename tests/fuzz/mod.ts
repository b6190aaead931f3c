/**
 * `deno task fuzz [-- --runs N] [--only NAME,…] [--workers N] [--seed N]`: every pure codec in
 * `protocols/` under a property fuzzer (`targets.ts`), 1,000,000 inputs per target by default,
 * the targets shared among parallel workers. A worker that reports nothing for a minute is
 * stuck on one input (a hang): it is ended and reported with the seed that replays it. Prints
 * one line per target (inputs, seconds, failure) and exits 1 on any failure.
 *
 * @module
 */

import { parseArgs } from "node:util";
import type { FuzzResult } from "./fuzz.ts";
import { TARGETS } from "./targets.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    runs: { type: "string", default: "1000000" },
    only: { type: "string" },
    workers: { type: "string", default: String(navigator.hardwareConcurrency || 2) },
    seed: { type: "string", default: String(Date.now() % 1_000_000) },
  },
});
const runs = Number(values.runs);
const seed = Number(values.seed);
const only = values.only?.split(",");
// In the order given with --only (e.g. the quick ones first), else the table's.
const queue = only
  ? only.filter((n) => TARGETS.some((t) => t.name === n))
  : TARGETS.map((t) => t.name);
const STUCK_MS = 60_000;

console.log(
  `fuzz: ${queue.length} targets × ${runs.toLocaleString("en")} inputs, seed ${seed}, ` +
    `${values.workers} workers`,
);
const started = performance.now();
const results: FuzzResult[] = [];

/** One lane: a worker (started once, again after a hang) runs targets until none are left. */
async function work(): Promise<void> {
  const lane: { worker?: Worker } = {};
  for (let name = queue.shift(); name; name = queue.shift()) {
    results.push(await runOne(lane, name));
    const r = results.at(-1)!;
    console.log(
      `${r.failure ? "FAIL" : "ok  "} ${r.target.padEnd(24)} ${
        r.runs.toLocaleString("en").padStart(10)
      } inputs  ${(r.ms / 1000).toFixed(1).padStart(7)} s` +
        (r.failure ? `\n  seed ${r.failure.seed}: ${r.failure.input}\n  ${r.failure.error}` : ""),
    );
  }
  lane.worker?.terminate();
}

function runOne(lane: { worker?: Worker }, name: string): Promise<FuzzResult> {
  const worker = lane.worker ??= new Worker(new URL("./_worker.ts", import.meta.url), {
    type: "module",
  });
  const end = () => {
    worker.terminate();
    delete lane.worker;
  };
  const t0 = performance.now();
  let done = 0;
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stuck = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        end();
        resolve({
          target: name,
          runs: done,
          ms: performance.now() - t0,
          failure: {
            seed: seed + Math.floor(done / 10_000),
            input: `(no progress for ${STUCK_MS} ms after ${done} inputs)`,
            error: "hang",
          },
        });
      }, STUCK_MS);
    };
    stuck();
    worker.onmessage = (e) => {
      if (e.data.type === "progress") {
        done = e.data.runs;
        return stuck();
      }
      clearTimeout(timer);
      resolve(e.data.result);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      clearTimeout(timer);
      end();
      resolve({
        target: name,
        runs: done,
        ms: performance.now() - t0,
        failure: { seed, input: "(worker error)", error: e.message },
      });
    };
    worker.postMessage({ name, runs, seed });
  });
}

await Promise.all(Array.from({ length: Number(values.workers) }, () => work()));
const total = results.reduce((n, r) => n + r.runs, 0);
const failed = results.filter((r) => r.failure);
console.log(
  `fuzz: ${total.toLocaleString("en")} inputs in ${
    ((performance.now() - started) / 1000).toFixed(1)
  } s, ${failed.length} failing target(s)`,
);
Deno.exit(failed.length ? 1 : 0);
