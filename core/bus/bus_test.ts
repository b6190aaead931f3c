import {
  deepStrictEqual as assertEquals,
  match as assertMatch,
  ok as assert,
  strictEqual,
} from "node:assert/strict";
import { z } from "zod";
import { Bus } from "./bus.ts";
import { defineCommand } from "./command.ts";
import { laneOf } from "./fair_queue.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { Caller } from "../../protocols/bus/command_spec.ts";

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

Deno.test("Bus.call() refuses a key the command does not take, naming the one meant", async () => {
  const bus = new Bus();
  bus.register("demo", [echo()]);
  const reply = await bus.call("demo.echo", { txt: "hi" }, { caller: owner });
  assert(!reply.ok);
  assertEquals(reply.error.code, "INVALID_INPUT");
  assertEquals(
    reply.error.message,
    'Cannot call "demo.echo": txt: unknown key; did you mean "text"?',
  );
});

Deno.test("Bus.call() lists the values an enum takes, inside a union too", async () => {
  const bus = new Bus();
  const state = z.enum(["idle", "blocked"]);
  bus.register("demo", [defineCommand({
    name: "demo.wait",
    title: "Wait",
    description: "Waits.",
    capabilities: [],
    input: z.object({ state: z.union([state, z.array(state)]) }),
    handler: () => true,
  })]);
  const reply = await bus.call("demo.wait", { state: "blokced" }, { caller: owner });
  assert(!reply.ok);
  assertEquals(
    reply.error.message,
    'Cannot call "demo.wait": state: must be one of "idle", "blocked", got "blokced"; ' +
      'did you mean "blocked"?',
  );
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

Deno.test("Bus.declaredTags() follows the commands that declare a sideband tag", () => {
  const bus = new Bus();
  const tagged = {
    ...echo("demo.show"),
    sideband: { tag: "show", summary: "show text", attrs: {} },
  };
  bus.register("demo", [echo(), tagged]);
  assertEquals([...bus.declaredTags()], ["show"]);
  bus.unregister("demo");
  assertEquals([...bus.declaredTags()], []);
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

Deno.test("Bus.expect() makes a call to a starting owner's command wait for it", async () => {
  const bus = new Bus();
  let started!: () => void;
  bus.expect("late", new Promise<void>((r) => (started = r)));
  const reply = bus.call("late.hello", {}, { caller: owner });
  const other = await bus.call("other.hello", {}, { caller: owner });
  assert(!other.ok && other.error.code === "NOT_FOUND");
  bus.register("late", [defineCommand({
    name: "late.hello",
    title: "Hello",
    description: "Test.",
    capabilities: [],
    input: z.object({}),
    handler: () => "hi",
  })]);
  started();
  assertEquals(await reply, { ok: true, value: "hi" });
});

Deno.test("Bus.expect(): once the owner's start has ended, a missing command is NOT_FOUND", async () => {
  const bus = new Bus();
  bus.expect("late", Promise.reject(new Error("failed to start")));
  const reply = await bus.call("late.hello", {}, { caller: owner });
  assert(!reply.ok);
  assertMatch(reply.error.message, /Cannot find command "late\.hello"/);
});

Deno.test("Bus.paneId turns a pane's name into its id through the resolver, for answer lanes", () => {
  const bus = new Bus();
  strictEqual(bus.paneId("build"), undefined); // no resolver yet
  const panes: Record<string, string> = { p7: "p7", build: "p7" };
  bus.setResolver((spec, ref) => {
    const id = spec.kind === "pane" && ref !== undefined ? panes[ref] : undefined;
    if (!id) throw new WeftError("TARGET_NOT_FOUND", `no pane "${ref}"`);
    return { id, object: {} };
  });
  strictEqual(bus.paneId("build"), "p7");
  strictEqual(bus.paneId("p7"), "p7");
  strictEqual(bus.paneId("gone"), undefined);
  // A reply to a call naming the pane goes in the lane of its events (by id).
  strictEqual(laneOf({ pane: "build" }, (ref) => bus.paneId(ref)), "p7");
  strictEqual(laneOf({ pane: "gone" }, (ref) => bus.paneId(ref)), "gone");
});
