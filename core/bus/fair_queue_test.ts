import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { FairQueue } from "./fair_queue.ts";

Deno.test("FairQueue.take() serves the main lane first, then each lane in turn", () => {
  const q = new FairQueue<string>();
  for (let i = 1; i <= 3; i++) q.push(`a${i}`, 10, "a");
  q.push("b1", 10, "b");
  q.push("r1", 10);
  q.push("b2", 10, "b");
  q.push("r2", 10);
  assertEquals(q.size, 70);
  assertEquals(q.sizeOf("a"), 30);
  assertEquals(q.take(1000), ["r1", "r2", "a1", "b1", "a2", "b2", "a3"]);
  assertEquals(q.empty, true);
  assertEquals(q.size, 0);
});

Deno.test("FairQueue.take() stops at the budget and the next take goes on where it stopped", () => {
  const q = new FairQueue<string>();
  for (let i = 1; i <= 3; i++) q.push(`a${i}`, 10, "a");
  q.push("b1", 10, "b");
  q.push("c1", 10, "c");
  assertEquals(q.take(20), ["a1", "b1"]);
  q.push("r1", 10);
  assertEquals(q.take(20), ["r1", "c1"]);
  assertEquals(q.take(20), ["a2", "a3"]);
  assertEquals(q.empty, true);
});

Deno.test("FairQueue.take() takes one item past the budget rather than none", () => {
  const q = new FairQueue<string>();
  q.push("big", 500, "a");
  q.push("small", 1, "b");
  assertEquals(q.take(100), ["big"]);
  assertEquals(q.take(100), ["small"]);
  assertEquals(q.take(100), []);
});

Deno.test("FairQueue keeps each lane's order over many items", () => {
  const q = new FairQueue<number>();
  for (let i = 0; i < 5000; i++) q.push(i, 1, i % 3 ? "x" : "y");
  const out: number[] = [];
  while (!q.empty) out.push(...q.take(7));
  assertEquals(out.filter((i) => i % 3 !== 0), [...Array(5000).keys()].filter((i) => i % 3));
  assertEquals(out.length, 5000);
});
