import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import type { JsonRpcRequest } from "../../protocols/jsonrpc/mod.ts";
import { RequestQueue } from "./_request_queue.ts";
import { untilEvent, wakeups } from "../../tests/helpers/poll.ts";

const request = (id: number): JsonRpcRequest => ({ jsonrpc: "2.0", id, method: "x" });

function queue(held = () => false) {
  const started: number[] = [];
  const finish = new Map<number, () => void>();
  const changed = wakeups();
  const q = new RequestQueue({
    run: (r) =>
      new Promise<void>((resolve) => {
        started.push(r.id as number);
        finish.set(r.id as number, resolve);
      }),
    held,
    changed: changed.wake,
  });
  return { q, started, finish, changed };
}

Deno.test("RequestQueue starts at most 8 fresh calls, in order; an ending one lets the next in", async () => {
  const { q, started, finish } = queue();
  for (let i = 1; i <= 20; i++) q.push(request(i), 10);
  assertEquals(started, [1, 2, 3, 4, 5, 6, 7, 8]);
  finish.get(1)!();
  await new Promise((r) => setTimeout(r, 0));
  assertEquals(started.at(-1), 9);
  assertEquals(q.pending, 19);
  for (const f of finish.values()) f();
  await new Promise((r) => setTimeout(r, 0)); // their timers cleared
});

Deno.test("RequestQueue: calls that run long stop counting, so they do not hold up the rest", async () => {
  const { q, started, finish, changed } = queue();
  for (let i = 1; i <= 12; i++) q.push(request(i), 10);
  assertEquals(started.length, 8);
  // After ~250 ms of the queue's own (real) timer; each start is told through `changed`.
  await untilEvent("the other four to start", {
    on: changed.on,
    check: () => started.length === 12,
  });
  for (const f of finish.values()) f();
  await new Promise((r) => setTimeout(r, 0)); // their timers cleared
});

Deno.test("RequestQueue starts nothing while held, and unqueue() takes a waiting request out", async () => {
  let held = true;
  const { q, started, finish } = queue(() => held);
  q.push(request(1), 10);
  q.push(request(2), 10);
  assertEquals(started, []);
  assert(q.unqueue(1));
  assert(!q.unqueue(1));
  held = false;
  q.pump();
  assertEquals(started, [2]);
  for (const f of finish.values()) f();
  await new Promise((r) => setTimeout(r, 0)); // their timers cleared
});

Deno.test("RequestQueue.cancel() starts a cancel while held and hands over the waiting call it names", async () => {
  let held = true;
  const { q, started, finish } = queue(() => held);
  q.push(request(1), 10);
  q.push(request(2), 10);
  const unstarted: unknown[] = [];
  q.cancel(
    { jsonrpc: "2.0", id: 3, method: "cancel", params: { id: 1 } },
    (id) => unstarted.push(id),
  );
  q.cancel(
    { jsonrpc: "2.0", id: 4, method: "cancel", params: { id: 7 } },
    (id) => unstarted.push(id),
  );
  assertEquals(unstarted, [1]);
  assertEquals(started, [3, 4]);
  held = false;
  q.pump();
  assertEquals(started, [3, 4, 2]);
  for (const f of finish.values()) f();
  await new Promise((r) => setTimeout(r, 0)); // their timers cleared
});
