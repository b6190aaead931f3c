import {
  deepStrictEqual as assertEquals,
  match as assertMatch,
  ok as assert,
  throws as assertThrows,
} from "node:assert/strict";
import { z } from "zod";
import { Bus } from "./bus.ts";
import { commandFactory, defineCommand } from "./command.ts";
import type { Caller } from "../../protocols/bus/command_spec.ts";
import { WeftError } from "../../protocols/bus/errors.ts";

const owner: Caller = { kind: "internal", id: "test", grants: "all" };

function echo(name = "demo.echo") {
  return defineCommand({
    name,
    title: "Echo",
    description: "Echoes text.",
    capabilities: ["pane:read"],
    input: z.object({ text: z.string().max(5) }),
    handler: ({ input }) => input.text,
  });
}

Deno.test("Bus.call() returns the handler's value", async () => {
  const bus = new Bus();
  bus.register("demo", [echo()]);
  assertEquals(await bus.call("demo.echo", { text: "hi" }, { caller: owner }), {
    ok: true,
    value: "hi",
  });
});

Deno.test("Bus.call() names an unknown command with a did-you-mean", async () => {
  const bus = new Bus();
  bus.register("demo", [echo()]);
  const reply = await bus.call("demo.ecko", {}, { caller: owner });
  assert(!reply.ok);
  assertEquals(reply.error.code, "NOT_FOUND");
  assertMatch(reply.error.message, /did you mean "demo\.echo"/);
});

Deno.test("Bus.call() validates input before the handler runs", async () => {
  const bus = new Bus();
  let ran = false;
  bus.register("demo", [defineCommand({
    name: "demo.x",
    title: "X",
    description: "X.",
    capabilities: [],
    input: z.object({ n: z.number() }),
    handler: () => (ran = true),
  })]);
  const reply = await bus.call("demo.x", { n: "nope" }, { caller: owner });
  assert(!reply.ok);
  assertEquals(reply.error.code, "INVALID_INPUT");
  assertMatch(reply.error.message, /n:/);
  assertEquals(ran, false);
});

Deno.test("Bus.call() denies a caller that lacks a capability and names it", async () => {
  const bus = new Bus();
  bus.register("demo", [echo()]);
  const weak: Caller = { kind: "plugin", id: "weak", grants: new Set() };
  const reply = await bus.call("demo.echo", { text: "a" }, { caller: weak });
  assert(!reply.ok);
  assertEquals(reply.error.code, "DENIED");
  assertMatch(reply.error.message, /pane:read/);
});

Deno.test("Bus nested calls are checked against the intersection of grants along the chain", async () => {
  const bus = new Bus();
  bus.register("demo", [echo()]);
  bus.register("strong", [defineCommand({
    name: "strong.relay",
    title: "Relay",
    description: "Calls demo.echo.",
    capabilities: [],
    input: z.object({}),
    handler: ({ call }) => call("demo.echo", { text: "x" }),
  })], new Set(["pane:read"]));
  const weak: Caller = { kind: "socket", id: "c1", grants: new Set() };
  const denied = await bus.call("strong.relay", {}, { caller: weak });
  assert(!denied.ok);
  assertEquals(denied.error.code, "DENIED");
  const allowed = await bus.call("strong.relay", {}, { caller: owner });
  assertEquals(allowed, { ok: true, value: "x" });
});

Deno.test("Bus.register() refuses names outside the owner's prefix", () => {
  const bus = new Bus();
  let code = "";
  try {
    bus.register("evil", [echo("pane.evil")]);
  } catch (err) {
    code = (err as { code: string }).code;
  }
  assertEquals(code, "DENIED");
  assertEquals(bus.list().length, 0);
});

Deno.test("Bus.unregister() removes an owner's commands and tells subscribers", () => {
  const bus = new Bus();
  const seen: unknown[] = [];
  bus.events.subscribe({ topics: ["bus.commands_changed"] }, (e) => seen.push(e.data));
  bus.register("demo", [echo()]);
  bus.unregister("demo");
  assertEquals(bus.list().length, 0);
  assertEquals(seen.length, 2);
});

Deno.test("Bus.call() turns a throwing handler into an error reply", async () => {
  const bus = new Bus();
  bus.register("demo", [defineCommand({
    name: "demo.boom",
    title: "Boom",
    description: "Throws.",
    capabilities: [],
    input: z.object({}),
    handler: () => {
      throw new Error("kaput");
    },
  })]);
  const reply = await bus.call("demo.boom", {}, { caller: owner });
  assertEquals(reply, { ok: false, error: { code: "INTERNAL", message: "kaput" } });
});

Deno.test("Bus.list() gives cloneable specs with JSON Schema", () => {
  const bus = new Bus();
  bus.register("demo", [echo()]);
  const [spec] = bus.list();
  assertEquals(structuredClone(spec), spec);
  assertEquals((spec!.inputSchema.properties as Record<string, unknown>).text, {
    type: "string",
    maxLength: 5,
  });
  assertEquals(spec!.owner, "demo");
});

// Targets: a small world the fake resolver looks references up in, like the model does.
const WORLD = {
  pane: {
    p1: { id: "p1", name: "build", window: "w1" },
    p2: { id: "p2", name: null, window: "w2" },
  },
  window: {
    w1: { id: "w1", name: "main", focused: "p1" },
    w2: { id: "w2", name: null, focused: "p2" },
  },
  session: { s1: { id: "s1", name: null } },
} as const;
type World = { pane: { id: string; window: string }; window: { id: string }; session: unknown };

function worldBus(seen: unknown[] = []): Bus {
  const bus = new Bus();
  bus.setResolver((spec, ref, context) => {
    seen.push({ field: spec.field, ref, from: context.from ?? null });
    const table: Record<string, { id: string; name: string | null }> = WORLD[spec.kind];
    const id = ref !== undefined
      ? Object.values(table).find((o) => o.id === ref || o.name === ref)?.id
      : context.from?.kind === "window"
      ? WORLD.window[context.from.id as "w1"].focused
      : spec.fallback === "caller" && context.caller.pane
      ? context.caller.pane
      : spec.kind === "pane"
      ? "p2"
      : "w2";
    if (!id) throw new WeftError("TARGET_NOT_FOUND", `Cannot find ${spec.kind} "${ref}"`);
    return { id, object: table[id] };
  });
  return bus;
}

const define = commandFactory<World>();

function splitLike(run: (targets: unknown, input: unknown) => void = () => {}) {
  return define({
    name: "demo.split",
    title: "Split",
    description: "Acts on a window and a pane.",
    capabilities: [],
    targets: [
      { kind: "window", field: "window", fallback: "none" },
      { kind: "pane", field: "pane", fallback: "caller", from: "window" },
    ],
    input: z.object({ window: z.string().optional(), pane: z.string().optional() }),
    handler: ({ targets, input }) => {
      run(targets, input);
      return { window: targets.window?.id ?? null, pane: targets.pane.id, in: targets.pane.window };
    },
  });
}

Deno.test("Bus resolves every declared target in order and hands the handler the objects", async () => {
  const bus = worldBus();
  let given: unknown;
  bus.register("demo", [splitLike((targets, input) => (given = { targets, input }))]);
  const reply = await bus.call("demo.split", { window: "main", pane: "p2" }, { caller: owner });
  assertEquals(reply, { ok: true, value: { window: "w1", pane: "p2", in: "w2" } });
  assertEquals(given, {
    targets: { window: WORLD.window.w1, pane: WORLD.pane.p2 },
    input: { window: "w1", pane: "p2" },
  });
});

Deno.test("Bus derives a left-out target from an earlier one, else uses its fallback", async () => {
  const seen: unknown[] = [];
  const bus = worldBus(seen);
  bus.register("demo", [splitLike()]);
  const derived = await bus.call("demo.split", { window: "w1" }, { caller: owner });
  assertEquals(derived, { ok: true, value: { window: "w1", pane: "p1", in: "w1" } });
  assertEquals(seen.at(-1), { field: "pane", ref: undefined, from: { kind: "window", id: "w1" } });
  const agent: Caller = { ...owner, pane: "p2" };
  const own = await bus.call("demo.split", {}, { caller: agent });
  assertEquals(own, { ok: true, value: { window: null, pane: "p2", in: "w2" } });
  assertEquals(seen.length, 3, "a left-out 'none' target is not resolved at all");
});

Deno.test("Bus refuses a missing required target, a non-string one and an unknown one before the handler", async () => {
  const bus = worldBus();
  let ran = false;
  bus.register("demo", [define({
    name: "demo.close",
    title: "Close",
    description: "Needs a pane.",
    capabilities: [],
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    input: z.object({ pane: z.unknown() }),
    handler: () => (ran = true),
  })]);
  const missing = await bus.call("demo.close", {}, { caller: owner });
  assert(!missing.ok);
  assertEquals(missing.error.code, "INVALID_INPUT");
  assertEquals(missing.error.message, 'Cannot call "demo.close": give "pane" (a pane id or name)');
  const number = await bus.call("demo.close", { pane: 3 }, { caller: owner });
  assert(!number.ok);
  assertEquals(number.error.code, "INVALID_INPUT");
  const unknown = await bus.call("demo.close", { pane: "p9" }, { caller: owner });
  assert(!unknown.ok);
  assertEquals(unknown.error.code, "TARGET_NOT_FOUND");
  assertEquals(ran, false);
});

Deno.test("Bus.register() refuses targets that derive from a field not declared before", () => {
  const bus = worldBus();
  assertThrows(
    () =>
      bus.register("demo", [define({
        name: "demo.bad",
        title: "Bad",
        description: "Derives from nothing.",
        capabilities: [],
        targets: [{ kind: "pane", field: "pane", fallback: "caller", from: "window" }],
        input: z.object({}),
        handler: () => null,
      })]),
    TypeError,
  );
});

// Time-outs: the bus owns the timer and turns it into the handler's signal.
function waiter(timeout?: { ms: number; field?: string }) {
  return defineCommand({
    name: "demo.wait",
    title: "Wait",
    description: "Waits until its signal fires, then says why.",
    capabilities: [],
    ...(timeout ? { timeout } : {}),
    input: z.object({ timeout: z.number().optional(), polite: z.boolean().optional() }),
    handler: ({ input, signal }) =>
      new Promise((_, reject) =>
        signal.addEventListener("abort", () => {
          if (!input.polite) return; // ignores its signal: the bus answers for it
          const ms = (signal.reason as WeftError).data as { timeoutMs: number };
          reject(new WeftError("TIMEOUT", "Cannot wait: told so", { ...ms, lastSeen: "$ " }));
        })
      ),
  });
}

Deno.test("Bus aborts the handler's signal at the command's deadline and replies TIMEOUT", async () => {
  const bus = new Bus();
  bus.register("demo", [waiter({ ms: 30 })]);
  const reply = await bus.call("demo.wait", {}, { caller: owner });
  assertEquals(reply, {
    ok: false,
    error: {
      code: "TIMEOUT",
      message: 'Cannot finish "demo.wait": it did not finish within 30 ms',
      data: { timeoutMs: 30 },
    },
  });
});

Deno.test("Bus lets a handler that honours its signal give the TIMEOUT its own data", async () => {
  const bus = new Bus();
  bus.register("demo", [waiter({ ms: 30 })]);
  const reply = await bus.call("demo.wait", { polite: true }, { caller: owner });
  assert(!reply.ok);
  assertEquals(reply.error, {
    code: "TIMEOUT",
    message: "Cannot wait: told so",
    data: { timeoutMs: 30, lastSeen: "$ " },
  });
});

Deno.test("Bus takes the deadline from the declared input field, and the call's own only makes it earlier", async () => {
  const bus = new Bus();
  bus.register("demo", [waiter({ ms: 60_000, field: "timeout" })]);
  const deadline = async (input: unknown, timeoutMs?: number) => {
    const reply = await bus.call("demo.wait", input, {
      caller: owner,
      ...(timeoutMs ? { timeoutMs } : {}),
    });
    assert(!reply.ok);
    return (reply.error.data as { timeoutMs: number }).timeoutMs;
  };
  assertEquals(await deadline({ timeout: 20 }), 20);
  assertEquals(await deadline({ timeout: 60_000 }, 25), 25);
  assertEquals(await deadline({ timeout: 20 }, 60_000), 20);
});

Deno.test("Bus carries a deadline into nested calls that have none of their own", async () => {
  const bus = new Bus();
  bus.register("demo", [
    waiter(),
    defineCommand({
      name: "demo.outer",
      title: "Outer",
      description: "Calls demo.wait, which has no deadline of its own.",
      capabilities: [],
      timeout: { ms: 30 },
      input: z.object({}),
      handler: ({ call }) => call("demo.wait", { polite: true }),
    }),
  ]);
  const reply = await bus.call("demo.outer", {}, { caller: owner });
  assert(!reply.ok);
  assertEquals(reply.error.message, "Cannot wait: told so");
});

Deno.test("Bus answers CANCELLED when the caller's signal fires", async () => {
  const bus = new Bus();
  bus.register("demo", [waiter()]);
  const controller = new AbortController();
  const reply = bus.call("demo.wait", {}, { caller: owner, signal: controller.signal });
  controller.abort();
  const answer = await reply;
  assert(!answer.ok);
  assertEquals(answer.error.code, "CANCELLED");
});
