/**
 * Runs one fuzz target for a number of inputs: each input must end within a time bound and
 * throw nothing but the target's documented errors. Inputs run in chunks of fast-check runs,
 * each chunk with its own seed (the base seed plus its index), so a failure names the seed
 * that replays it.
 *
 * @module
 */

import fc from "fast-check";
import type { Target } from "./targets.ts";

/** Options of {@link fuzz}. */
export interface FuzzOptions {
  runs: number;
  /** The base seed; chunk `i` runs with `seed + i`. */
  seed: number;
  /** An input slower than this, three times over, is a hang (default 1000 ms). */
  perInputMs?: number;
  /** Inputs per chunk (default 10,000). */
  chunk?: number;
  /** Told after each chunk: inputs run so far. */
  progress?: (runs: number) => void;
}

/** What a run found. */
export interface FuzzResult {
  target: string;
  runs: number;
  ms: number;
  /** The first failure: its seed, the shrunk input and the error. */
  failure?: { seed: number; input: string; error: string };
}

/** Fuzzes `target`; stops at the first failure. */
export function fuzz(target: Target, options: FuzzOptions): FuzzResult {
  const limit = options.perInputMs ?? 1000;
  const chunk = options.chunk ?? 10_000;
  const started = performance.now();
  const timed = (input: unknown) => {
    const t0 = performance.now();
    try {
      target.run(input);
    } catch (err) {
      if (!target.expected?.(err)) throw err;
    }
    return performance.now() - t0;
  };
  const property = fc.property(target.input, (input) => {
    // A slow input is timed again: a busy machine makes one run slow, a hang makes all three.
    if (timed(input) > limit && timed(input) > limit && timed(input) > limit) {
      throw new Error(`an input took more than ${limit} ms, three times`);
    }
  });
  let done = 0;
  for (let i = 0; done < options.runs; i++) {
    const n = Math.min(chunk, options.runs - done);
    const seed = options.seed + i;
    const details = fc.check(property, { numRuns: n, seed });
    if (details.failed) {
      return {
        target: target.name,
        runs: done + details.numRuns,
        ms: performance.now() - started,
        failure: {
          seed,
          input: fc.stringify(details.counterexample?.[0]),
          error: String((details.errorInstance as Error)?.stack ?? details.errorInstance),
        },
      };
    }
    done += n;
    options.progress?.(done);
  }
  return { target: target.name, runs: done, ms: performance.now() - started };
}
