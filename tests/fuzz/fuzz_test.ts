// The gate's short fuzz: every target of `deno task fuzz` for a few thousand inputs (a fixed
// seed, so a failure here replays). The full run is `deno task fuzz` (a million per target).
import { deepStrictEqual } from "node:assert/strict";
import { fuzz } from "./fuzz.ts";
import { TARGETS } from "./targets.ts";

const RUNS = 2000;

for (const target of TARGETS) {
  Deno.test(`fuzz: ${target.name} survives ${RUNS} inputs`, () => {
    const result = fuzz(target, { runs: RUNS, seed: 7501, chunk: RUNS });
    deepStrictEqual(result.failure, undefined);
  });
}
