/// <reference lib="deno.worker" />
/**
 * One fuzz worker: runs the targets it is told, one after another, and posts each one's
 * progress and result (`mod.ts` starts as many as there are cores).
 *
 * @module
 */

import { fuzz } from "./fuzz.ts";
import { TARGETS } from "./targets.ts";

self.onmessage = (e: MessageEvent<{ name: string; runs: number; seed: number }>) => {
  const { name, runs, seed } = e.data;
  const target = TARGETS.find((t) => t.name === name)!;
  const result = fuzz(target, {
    runs,
    seed,
    progress: (n) => self.postMessage({ type: "progress", name, runs: n }),
  });
  self.postMessage({ type: "result", result });
};
