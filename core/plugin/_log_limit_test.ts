import { strictEqual } from "node:assert/strict";
import { LogLimit } from "./_log_limit.ts";

Deno.test("LogLimit lets perSecond lines through each second and counts the rest", () => {
  let t = 0;
  const limit = new LogLimit({ perSecond: 3, now: () => t });
  const first = Array.from({ length: 10 }, () => limit.admit());
  strictEqual(first.filter(Boolean).length, 3);
  t = 999;
  strictEqual(limit.admit(), false);
  strictEqual(limit.takeDropped(), 8);
  strictEqual(limit.takeDropped(), 0);
  t = 1000;
  strictEqual(limit.admit(), true);
});
