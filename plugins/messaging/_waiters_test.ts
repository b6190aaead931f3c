import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { Waiters } from "./_waiters.ts";
import type { StoredMessage } from "./_store.ts";

const msg = (to: string, priority: StoredMessage["priority"]) =>
  ({ id: "m", to, priority }) as StoredMessage;

Deno.test("Waiters hand each message to one waiter, the longest waiting whose filter it passes", () => {
  const w = new Waiters();
  const got: string[] = [];
  w.add("bob", ["critical"], () => got.push("critical-only"));
  w.add("bob", undefined, () => got.push("first"));
  w.add("bob", undefined, () => got.push("second"));
  strictEqual(w.offer(msg("bob", "normal")), true);
  strictEqual(w.offer(msg("carol", "normal")), false);
  strictEqual(w.offer(msg("bob", "critical")), true);
  deepStrictEqual(got, ["first", "critical-only"]);
  strictEqual(w.count("bob"), 1);
  strictEqual(w.count(), 1);
});

Deno.test("Waiters forget a waiter that stopped", () => {
  const w = new Waiters();
  const stop = w.add("bob", undefined, () => {
    throw new Error("must not be called");
  });
  stop();
  strictEqual(w.offer(msg("bob", "low")), false);
  strictEqual(w.count(), 0);
});
