import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { BACKOFF_DEFAULTS, nextFailures, recentCrashes, restartDelay } from "./_backoff.ts";

Deno.test("restartDelay() doubles from 200 ms and stops at 30 s", () => {
  const delays = [1, 2, 3, 4, 5, 8, 9, 50].map((n) => restartDelay(n, BACKOFF_DEFAULTS));
  deepStrictEqual(delays, [200, 400, 800, 1600, 3200, 25_600, 30_000, 30_000]);
});

Deno.test("restartDelay() treats zero or negative failures as the first", () => {
  strictEqual(restartDelay(0, BACKOFF_DEFAULTS), 200);
  strictEqual(restartDelay(-3, BACKOFF_DEFAULTS), 200);
});

Deno.test("nextFailures() starts over after a long enough run", () => {
  strictEqual(nextFailures(5, 59_999, BACKOFF_DEFAULTS), 6);
  strictEqual(nextFailures(5, 60_000, BACKOFF_DEFAULTS), 1);
});

Deno.test("recentCrashes() keeps the crashes of the last window and adds this one", () => {
  deepStrictEqual(recentCrashes([], 5, BACKOFF_DEFAULTS), [5]);
  deepStrictEqual(recentCrashes([1, 2, 60_001], 60_002, BACKOFF_DEFAULTS), [60_001, 60_002]);
});
