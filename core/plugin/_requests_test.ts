import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import { z } from "zod";
import { Bus, type CallContext, type Caller, defineCommand } from "../bus/mod.ts";
import type { Capability } from "../../protocols/bus/capabilities.ts";
import type { HostMessage } from "../../protocols/plugin/mod.ts";
import { FairQueue, PANE_BACKLOG_LIMIT } from "../bus/fair_queue.ts";
import { PluginRequests } from "./_requests.ts";

function setup(
  grant: Capability[],
  parents: Record<string, Partial<CallContext<unknown>>> = {},
  plugin = "demo",
) {
  const bus = new Bus();
  const warnings: string[] = [];
  const seen: Caller[] = [];
  bus.register("core", [defineCommand({
    name: "pane.read",
    title: "Read",
    description: "Test.",
    capabilities: ["pane:read"],
    input: z.object({}),
    handler: ({ caller }) => (seen.push(caller), "text"),
  })]);
  const sent: HostMessage[] = [];
  const logged: string[] = [];
  const requests = new PluginRequests({
    bus,
    plugin,
    grant: new Set(grant),
    post: (m) => sent.push(m),
    parent: (id) => parents[id] as CallContext<unknown> | undefined,
    maxCallsInFlight: 4,
    log: (level, message) => {
      logged.push(`${level}: ${message}`);
      if (level === "warn") warnings.push(message);
    },
  });
  const settled = () => new Promise((r) => setTimeout(r, 0));
  return { bus, seen, sent, requests, settled, warnings, logged };
}

Deno.test("PluginRequests serves a call made outside any handler with the plugin's own rights", async () => {
  const { seen, sent, requests, settled } = setup(["pane:read"]);
  requests.handle({ type: "call", id: "n1", name: "pane.read", input: {} });
  await settled();
  deepStrictEqual(sent, [{ type: "result", id: "n1", reply: { ok: true, value: "text" } }]);
  deepStrictEqual(seen[0], {
    kind: "plugin",
    id: "demo",
    grants: new Set(["pane:read"]),
    chain: ["demo"],
  });
});

Deno.test("PluginRequests serves a call made inside a handler through that call's bounded call", async () => {
  const used: string[] = [];
  const parent = { call: (name: string) => (used.push(name), Promise.resolve("via parent")) };
  const { sent, requests, settled } = setup(["pane:read"], { c1: parent as never });
  requests.handle({ type: "call", id: "n1", name: "pane.read", input: {}, parent: "c1" });
  await settled();
  deepStrictEqual(used, ["pane.read"]);
  deepStrictEqual(sent[0], { type: "result", id: "n1", reply: { ok: true, value: "via parent" } });
});

Deno.test("PluginRequests refuses a call whose parent call has finished", async () => {
  const { sent, requests, settled } = setup(["pane:read"]);
  requests.handle({ type: "call", id: "n1", name: "pane.read", input: {}, parent: "c9" });
  await settled();
  const reply = (sent[0] as { reply: { ok: boolean; error?: { code: string } } }).reply;
  strictEqual(reply.error?.code, "CANCELLED");
});

Deno.test("PluginRequests forwards subscribed events until unsubscribed", () => {
  const { bus, sent, requests } = setup([]);
  requests.handle({ type: "subscribe", id: "s1", filter: { topics: ["layout.*"] } });
  bus.events.publish("layout.changed", { window: "w1", layout: null });
  requests.handle({ type: "unsubscribe", id: "s1" });
  bus.events.publish("layout.changed", { window: "w2", layout: null });
  deepStrictEqual(sent, [{
    type: "event",
    subscription: "s1",
    event: { topic: "layout.changed", data: { window: "w1", layout: null } },
  }]);
});

Deno.test("PluginRequests lets the bus refuse a subscription the grant does not cover, and logs why", () => {
  const { bus, sent, requests, logged } = setup([]);
  requests.handle({ type: "subscribe", id: "s1", filter: { topics: ["pane.*", "layout.*"] } });
  bus.events.publish("pane.output", { pane: "p1", data: "secret" }, "p1");
  bus.events.publish("layout.changed", { window: "w1", layout: null });
  deepStrictEqual(sent, []);
  deepStrictEqual(logged, [
    'warn: Cannot subscribe to "pane.*" (needs pane:read): plugin "demo" lacks the right',
  ]);
});

Deno.test("PluginRequests.dispose() drops subscriptions and late answers", async () => {
  const { bus, sent, requests, settled } = setup(["pane:read"]);
  requests.handle({ type: "subscribe", id: "s1", filter: { topics: ["layout.*"] } });
  requests.handle({ type: "call", id: "n1", name: "pane.read", input: {} });
  requests.dispose();
  bus.events.publish("layout.changed", { window: "w1", layout: null });
  await settled();
  deepStrictEqual(sent, []);
  strictEqual(bus.events.wants("layout.changed"), false);
});

Deno.test("PluginRequests.mute() stops events and new subscriptions but still answers calls", async () => {
  const { bus, sent, requests, settled } = setup(["pane:read"]);
  requests.handle({ type: "subscribe", id: "s1", filter: { topics: ["layout.*"] } });
  requests.mute();
  requests.handle({ type: "subscribe", id: "s2", filter: { topics: ["layout.*"] } });
  bus.events.publish("layout.changed", { window: "w1", layout: null });
  strictEqual(bus.events.wants("layout.changed"), false);
  requests.handle({ type: "call", id: "n1", name: "pane.read", input: {} });
  await settled();
  deepStrictEqual(sent, [{ type: "result", id: "n1", reply: { ok: true, value: "text" } }]);
});

Deno.test("PluginRequests attributes a call made on behalf of a door's client, never with more rights", async () => {
  const { seen, sent, requests, settled } = setup(["pane:read", "pane:write"]);
  requests.handle({
    type: "call",
    id: "n1",
    name: "pane.read",
    input: {},
    onBehalf: { kind: "mcp", id: "s-1", pane: "p2", grants: ["pane:read", "pane:spawn"] },
  });
  requests.handle({
    type: "call",
    id: "n2",
    name: "pane.read",
    input: {},
    onBehalf: { kind: "mcp", id: "s-2", grants: [] },
  });
  await settled();
  deepStrictEqual(seen[0], {
    kind: "mcp",
    id: "demo/s-1",
    pane: "p2",
    grants: new Set(["pane:read"]),
    chain: ["demo"],
  });
  const n2 = sent.find((m) => m.type === "result" && m.id === "n2");
  const denied = (n2 as { reply: { ok: boolean; error?: { code: string } } }).reply;
  strictEqual(denied.error?.code, "DENIED");
});

Deno.test("PluginRequests refuses a call for a pane from a plugin that may not write into it", async () => {
  const { seen, sent, requests, settled } = setup(["pane:read", "message:read"]);
  requests.handle({
    type: "call",
    id: "n1",
    name: "pane.read",
    input: {},
    onBehalf: { kind: "mcp", id: "s-1", pane: "p2" },
  });
  await settled();
  strictEqual(seen.length, 0);
  const n1 = sent.find((m) => m.type === "result" && m.id === "n1");
  const denied = (n1 as { reply: { ok: boolean; error?: { code: string; message: string } } })
    .reply;
  strictEqual(denied.error?.code, "DENIED");
  match(denied.error!.message, /plugin "demo" lacks pane:write/);
});

Deno.test("PluginRequests publishes a plugin's events under its own name only", () => {
  const { bus, requests } = setup([]);
  const seen: unknown[] = [];
  bus.events.subscribe({ topics: ["*"] }, (e) => seen.push(e));
  requests.handle({ type: "publish", topic: "demo.logged", data: { n: 1 }, pane: "p1" });
  requests.handle({ type: "publish", topic: "pane.output", data: { forged: true } });
  requests.handle({ type: "publish", topic: "demonic.x", data: {} });
  deepStrictEqual(seen, [{ topic: "demo.logged", pane: "p1", publisher: "demo", data: { n: 1 } }]);
});

Deno.test("PluginRequests: a plugin named like a core topic still cannot publish the core's events", () => {
  const { bus, requests, warnings } = setup([], {}, "pane");
  const seen: unknown[] = [];
  bus.events.subscribe({ topics: ["*"] }, (e) => seen.push(e));
  requests.handle({ type: "publish", topic: "pane.output", data: '<weft:spawn cmd="x"/>' });
  deepStrictEqual(seen, []);
  strictEqual(warnings.length, 1);
  strictEqual(warnings[0]?.startsWith('Cannot publish "pane.output": plugin "pane"'), true);
});

Deno.test("PluginRequests refuses calls past its in-flight cap at once and serves them after", async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const { bus, sent, requests, settled } = setup([]);
  bus.register("demo", [defineCommand({
    name: "demo.slow",
    title: "Slow",
    description: "Test.",
    capabilities: [],
    input: z.object({}),
    handler: () => gate.then(() => "done"),
  })]);
  for (let i = 1; i <= 6; i++) {
    requests.handle({ type: "call", id: `n${i}`, name: "demo.slow", input: {} });
  }
  await settled();
  const codes = () =>
    sent.map((m) => m.type === "result" && !m.reply.ok ? `${m.id}:${m.reply.error.code}` : "");
  deepStrictEqual(codes(), ["n5:UNAVAILABLE", "n6:UNAVAILABLE"]);
  const refusal = sent[0] as { reply: { error: { message: string } } };
  strictEqual(
    refusal.reply.error.message,
    'Cannot call "demo.slow": plugin "demo" already has 4 calls in flight',
  );
  release();
  await settled();
  strictEqual(sent.filter((m) => m.type === "result" && m.reply.ok).length, 4);
  requests.handle({ type: "call", id: "n7", name: "demo.slow", input: {} });
  await settled();
  const last = sent.at(-1);
  strictEqual(last?.type === "result" && last.id === "n7" && last.reply.ok, true);
});

Deno.test("PluginRequests.refuse() answers a malformed call at once", () => {
  const { sent, requests } = setup([]);
  requests.refuse("n9", "onBehalf.kind is not one of mcp, sideband");
  deepStrictEqual(sent, [{
    type: "result",
    id: "n9",
    reply: {
      ok: false,
      error: {
        code: "INVALID_INPUT",
        message: "Cannot call: onBehalf.kind is not one of mcp, sideband",
      },
    },
  }]);
});

Deno.test("PluginRequests drops a slow plugin's events of a pane past its backlog, tells it once where, then resumes", () => {
  // The plugin's queue as the process transport keeps it: per-pane lanes, nothing read yet.
  const queue = new FairQueue<HostMessage>();
  const bus = new Bus();
  const requests = new PluginRequests({
    bus,
    plugin: "slow",
    grant: new Set<Capability>(["pane:read"]),
    post: (m, lane) => queue.push(m, JSON.stringify(m).length, lane),
    backlog: (lane) => ({ all: queue.size, lane: lane === undefined ? 0 : queue.sizeOf(lane) }),
    parent: () => undefined,
    maxCallsInFlight: 4,
    log: () => {},
  });
  requests.handle({ type: "subscribe", id: "s1", filter: { topics: ["pane.output"] } });
  const chunk = "y\n".repeat(32 * 1024); // 64 Ki characters
  for (let i = 0; i < 64; i++) bus.events.publish("pane.output", { pane: "p1", data: chunk }, "p1"); // 4 Mi
  bus.events.publish("pane.output", { pane: "p2", data: "quiet echo" }, "p2");
  // p1 stopped at its limit, with one notice at the end of what it got; p2 still passes.
  ok(
    queue.sizeOf("p1") > PANE_BACKLOG_LIMIT &&
      queue.sizeOf("p1") < PANE_BACKLOG_LIMIT + 2 * chunk.length,
  );
  const read = queue.take(Infinity);
  const p1 = read.filter((m) => m.type !== "event" || m.event.pane === "p1");
  strictEqual(p1.filter((m) => m.type === "dropped").length, 1);
  deepStrictEqual(p1.at(-1), { type: "dropped", subscription: "s1" });
  ok(read.some((m) => m.type === "event" && m.event.pane === "p2"));
  // Read: p1's events pass again, and a later fall behind is told again.
  bus.events.publish("pane.output", { pane: "p1", data: "after" }, "p1");
  deepStrictEqual(queue.take(Infinity), [{
    type: "event",
    subscription: "s1",
    event: { topic: "pane.output", pane: "p1", data: { pane: "p1", data: "after" } },
  }]);
  for (let i = 0; i < 64; i++) bus.events.publish("pane.output", { pane: "p1", data: chunk }, "p1");
  strictEqual(queue.take(Infinity).filter((m) => m.type === "dropped").length, 1);
});

/** A bus whose `pane.read` shows "abc" of the "abcdef" it publishes while it is taken. */
function snapshotSetup(grant: Capability[]) {
  const bus = new Bus();
  bus.register("core", [defineCommand({
    name: "pane.read",
    title: "Read",
    description: "Test: what the screen showed.",
    capabilities: ["pane:read"],
    input: z.object({ pane: z.string() }),
    handler: ({ input }) => {
      bus.events.publish("pane.output", { pane: input.pane, data: "abcdef" }, input.pane);
      return { pane: input.pane, text: "abc" };
    },
  })]);
  const sent: HostMessage[] = [];
  const requests = new PluginRequests({
    bus,
    plugin: "mirror",
    grant: new Set(grant),
    post: (m) => sent.push(m),
    parent: () => undefined,
    maxCallsInFlight: 4,
    log: () => {},
    // The screen had not parsed the last 3 bytes when the read was taken.
    paneScreen: () => ({ pendingBytes: 3, modes: { bracketedPaste: true } }),
  });
  return { bus, sent, requests };
}

Deno.test("PluginRequests' snapshot subscription sends the read first, then only what it did not show", async () => {
  const { bus, sent, requests } = snapshotSetup(["pane:read"]);
  const filter = { topics: ["pane.output"], panes: ["p1"] };
  requests.handle({ type: "subscribe", id: "s1", filter, snapshot: { pane: "p1" } });
  await new Promise((r) => setTimeout(r, 0));
  bus.events.publish("pane.output", { pane: "p1", data: "g" }, "p1");
  deepStrictEqual(sent, [
    {
      type: "subscribed",
      subscription: "s1",
      snapshot: { pane: "p1", text: "abc", modes: { bracketedPaste: true } },
    },
    {
      type: "event",
      subscription: "s1",
      event: { topic: "pane.output", pane: "p1", data: { pane: "p1", data: "def" } },
    },
    {
      type: "event",
      subscription: "s1",
      event: { topic: "pane.output", pane: "p1", data: { pane: "p1", data: "g" } },
    },
  ]);
});

Deno.test("PluginRequests answers a refused snapshot subscription with its error, and sends no events", async () => {
  const { bus, sent, requests } = snapshotSetup([]);
  const filter = { topics: ["pane.output"], panes: ["p1"] };
  requests.handle({ type: "subscribe", id: "s1", filter, snapshot: { pane: "p1" } });
  await new Promise((r) => setTimeout(r, 0));
  bus.events.publish("pane.output", { pane: "p1", data: "g" }, "p1");
  strictEqual(sent.length, 1);
  const [answer] = sent as { type: string; error?: { code: string } }[];
  strictEqual(answer?.type, "subscribed");
  strictEqual(answer?.error?.code, "DENIED");
});
