import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { z } from "zod";
import { Bus, defineCommand, type EventFilter, type Reply, type WeftEvent } from "../bus/mod.ts";
import type { Capability } from "../../protocols/bus/capabilities.ts";
import { PANE_BACKLOG_LIMIT } from "../bus/fair_queue.ts";
import { type CallId, Party } from "./party.ts";

type Sent =
  | { answer: CallId; reply: Reply<unknown>; lane?: string }
  | { event: string; data: unknown; lane?: string }
  | { gap: string; lane?: string }
  | { resumed: string; count: number; lane?: string };

function setup(
  options: {
    backlog?: (lane?: string) => { all: number; lane: number };
    held?: (filter: EventFilter) => WeftEvent[];
  } = {},
) {
  const bus = new Bus();
  bus.register("core", [
    defineCommand({
      name: "pane.echo",
      title: "Echo",
      description: "Test.",
      capabilities: [],
      input: z.object({ pane: z.string().optional(), text: z.string() }),
      handler: ({ input }) => input.text,
    }),
    defineCommand({
      name: "pane.wait",
      title: "Wait",
      description: "Test: ends when cancelled.",
      capabilities: [],
      input: z.object({}),
      handler: ({ signal }) =>
        new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
    }),
    defineCommand({
      name: "pane.read",
      title: "Read",
      description: "Test: what the screen showed.",
      capabilities: [],
      input: z.object({ pane: z.string() }),
      handler: (
        { input },
      ) => (bus.events.publish("pane.output", { pane: input.pane, data: "abcdef" }, input.pane), {
        pane: input.pane,
        text: "abc",
      }),
    }),
  ]);
  const sent: Sent[] = [];
  const party = new Party({
    bus,
    caller: { kind: "socket", id: "c1", grants: "all" },
    paneScreen: () => ({ pendingBytes: 3, modes: { bracketedPaste: true } }),
    ...(options.held ? { held: options.held } : {}),
    wire: {
      answer: (id, reply, lane) => sent.push({ answer: id, reply, ...(lane ? { lane } : {}) }),
      event: (subscription, event, lane) =>
        sent.push({ event: subscription, data: event.data, ...(lane ? { lane } : {}) }),
      gap: (subscription, lane) => sent.push({ gap: subscription, ...(lane ? { lane } : {}) }),
      resumed: (subscription, count, lane) =>
        sent.push({ resumed: subscription, count, ...(lane ? { lane } : {}) }),
      ...(options.backlog ? { backlog: options.backlog } : {}),
    },
  });
  return { bus, party, sent };
}

Deno.test("Party answers a call in the lane of the pane its input names, a notification not at all", async () => {
  const { party, sent } = setup();
  await party.call(1, "pane.echo", { pane: "p3", text: "a" });
  await party.call("x", "pane.echo", { text: "b" });
  await party.call(undefined, "pane.echo", { text: "c" });
  deepStrictEqual(sent, [
    { answer: 1, reply: { ok: true, value: "a" }, lane: "p3" },
    { answer: "x", reply: { ok: true, value: "b" } },
  ]);
});

Deno.test("Party cancels a call in flight by its id, and the rest when it closes", async () => {
  const { party, sent } = setup();
  const first = party.call(1, "pane.wait", {});
  const second = party.call(2, "pane.wait", {});
  ok(party.cancel(1));
  ok(!party.cancel(9));
  await first;
  strictEqual((sent[0] as { reply: Reply<unknown> }).reply.ok, false);
  const error = (sent[0] as { reply: { error: { code: string; message: string } } }).reply.error;
  deepStrictEqual([error.code, error.message], [
    "CANCELLED",
    "Cannot finish the call: the client cancelled it",
  ]);
  party.close("the client disconnected");
  await second;
  strictEqual(sent.length, 1); // a closed party sends nothing more
});

Deno.test("Party drops events past the backlog: the wire is told where the gap starts, then how many", () => {
  let queued = 0;
  const { bus, party, sent } = setup({
    backlog: (lane) => ({ all: queued, lane: lane ? queued : 0 }),
  });
  void party.subscribe("s1", { topics: ["pane.output"] });
  bus.events.publish("pane.output", { pane: "p1", data: "1" }, "p1");
  queued = PANE_BACKLOG_LIMIT + 1;
  bus.events.publish("pane.output", { pane: "p1", data: "2" }, "p1");
  bus.events.publish("pane.output", { pane: "p1", data: "3" }, "p1");
  queued = 0;
  bus.events.publish("pane.output", { pane: "p1", data: "4" }, "p1");
  deepStrictEqual(sent, [
    { event: "s1", data: { pane: "p1", data: "1" }, lane: "p1" },
    { gap: "s1", lane: "p1" },
    { resumed: "s1", count: 2, lane: "p1" },
    { event: "s1", data: { pane: "p1", data: "4" }, lane: "p1" },
  ]);
});

Deno.test("Party gives a subscription without a snapshot the events held for it after its answer, before live ones", async () => {
  const filters: EventFilter[] = [];
  const held: WeftEvent[] = [{ topic: "pane.output", pane: "p1", data: { pane: "p1", data: "0" } }];
  const { bus, party, sent } = setup({ held: (filter) => (filters.push(filter), held) });
  await party.subscribe("s1", { topics: ["pane.output"] }, undefined, (a) => {
    sent.push({ answer: "ready", reply: { ok: true, value: a } });
  });
  bus.events.publish("pane.output", { pane: "p1", data: "1" }, "p1");
  deepStrictEqual(sent, [
    { answer: "ready", reply: { ok: true, value: { subscription: "s1" } } },
    { event: "s1", data: { pane: "p1", data: "0" }, lane: "p1" },
    { event: "s1", data: { pane: "p1", data: "1" }, lane: "p1" },
  ]);
  deepStrictEqual(filters, [{ topics: ["pane.output"] }]);
});

Deno.test("Party's snapshot subscription answers first, then only the output the read did not show", async () => {
  const { bus, party, sent } = setup();
  const answers: unknown[] = [];
  await party.subscribe("s1", { topics: ["pane.output"] }, { pane: "p1" }, (a) => {
    answers.push(a);
    sent.push({ answer: "ready", reply: { ok: true, value: a } });
  });
  bus.events.publish("pane.output", { pane: "p1", data: "g" }, "p1");
  deepStrictEqual(answers, [{
    subscription: "s1",
    snapshot: { pane: "p1", text: "abc", modes: { bracketedPaste: true } },
  }]);
  // The read published "abcdef" while it was taken; the screen had not parsed the last 3 bytes.
  deepStrictEqual(sent.slice(1), [
    { event: "s1", data: { pane: "p1", data: "def" }, lane: "p1" },
    { event: "s1", data: { pane: "p1", data: "g" }, lane: "p1" },
  ]);
});

Deno.test("Party refuses a subscription the caller may not receive, at once", () => {
  const bus = new Bus();
  const party = new Party({
    bus,
    caller: { kind: "plugin", id: "demo", grants: new Set<Capability>() },
    wire: { answer: () => {}, event: () => {} },
  });
  let code = "";
  try {
    void party.subscribe("s1", { topics: ["pane.output"] });
  } catch (err) {
    code = (err as { code: string }).code;
  }
  strictEqual(code, "DENIED");
  strictEqual(party.subscriptions, 0);
});

Deno.test("Party ends a call at the deadline it was given, with TIMEOUT", async () => {
  const { party, sent } = setup();
  await party.call(1, "pane.wait", {}, { timeoutMs: 20 });
  const reply = (sent[0] as { reply: { ok: boolean; error?: { code: string } } }).reply;
  strictEqual(reply.error?.code, "TIMEOUT");
});

Deno.test("Party's answer lane is the pane id the dispatch resolved, not a second lookup", async () => {
  const { bus, party, sent } = setup();
  bus.register("core", [defineCommand({
    name: "pane.named",
    title: "Named",
    description: "Test: a pane target.",
    capabilities: [],
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    input: z.object({ pane: z.string() }),
    handler: ({ input }) => input.pane,
  })]);
  let lookups = 0;
  bus.setResolver((
    _spec,
    ref,
  ) => (lookups++, { id: ref === "build" ? "p7" : ref ?? "p1", object: {} }));
  await party.call(1, "pane.named", { pane: "build" });
  deepStrictEqual(sent, [{ answer: 1, reply: { ok: true, value: "p7" }, lane: "p7" }]);
  strictEqual(lookups, 1);
});
