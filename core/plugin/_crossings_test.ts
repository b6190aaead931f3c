import { deepStrictEqual } from "node:assert/strict";
import { crossedSince, Crossings } from "./_crossings.ts";

Deno.test("Crossings counts each way by kind: a call by its command, an event by its topic", () => {
  const c = new Crossings();
  c.count("in", { type: "call", id: "1", name: "pane.read", input: {} });
  c.count("in", { type: "call", id: "2", name: "pane.read", input: {} });
  c.count("out", { type: "result", id: "1", reply: { ok: true, value: {} } });
  c.count("out", { type: "event", subscription: "s1", event: { topic: "pane.state", data: {} } });
  const before = c.counts();
  deepStrictEqual(before, {
    "in call pane.read": 2,
    "out result": 1,
    "out event pane.state": 1,
  });
  c.count("in", { type: "pong", seq: 1 });
  deepStrictEqual(crossedSince(before, c.counts()), { "in pong": 1 });
});
