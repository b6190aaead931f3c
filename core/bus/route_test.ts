import {
  deepStrictEqual as assertEquals,
  match as assertMatch,
  ok as assert,
} from "node:assert/strict";
import { z } from "zod";
import { Bus } from "./bus.ts";
import { defineCommand } from "./command.ts";
import { destinationOf, type RoutedCall } from "./route.ts";
import type { Caller } from "../../protocols/bus/command_spec.ts";

const caller: Caller = { kind: "internal", id: "test", grants: "all" };
const READ = {
  name: "pane.read",
  targets: [{ kind: "pane", field: "pane", fallback: "caller" }] as const,
};
const MOVE = {
  name: "pane.move",
  targets: [
    { kind: "pane", field: "pane", fallback: "caller" },
    { kind: "window", field: "window", fallback: "focused" },
  ] as const,
};

Deno.test("destinationOf() keeps plain targets local and strips this host's own name", () => {
  assertEquals(destinationOf(READ, { pane: "p3" }, "vm"), {
    host: undefined,
    input: { pane: "p3" },
  });
  assertEquals(destinationOf(READ, { pane: "VM/p3", lines: 2 }, "vm"), {
    host: undefined,
    input: { pane: "p3", lines: 2 },
  });
  assertEquals(destinationOf(READ, {}, "vm"), { host: undefined, input: {} });
});

Deno.test("destinationOf() names another host and strips it from every target", () => {
  assertEquals(destinationOf(MOVE, { pane: "far/p3", window: "far/w1" }, "vm"), {
    host: "far",
    input: { pane: "p3", window: "w1" },
  });
  // Without a name of its own, a server reads every qualified id as another host's.
  assertEquals(destinationOf(READ, { pane: "vm/p3" }, undefined).host, "vm");
});

Deno.test("destinationOf() reads HOST/ alone as that host, leaving the target to its default", () => {
  assertEquals(destinationOf(MOVE, { pane: "far/p3", window: "far/" }, "vm"), {
    host: "far",
    input: { pane: "p3" },
  });
  assertEquals(destinationOf(READ, { pane: "vm/", lines: 2 }, "vm"), {
    host: undefined,
    input: { lines: 2 },
  });
});

Deno.test("destinationOf() refuses targets on two hosts", () => {
  for (const input of [{ pane: "far/p3", window: "w1" }, { pane: "a/p3", window: "b/w1" }]) {
    try {
      destinationOf(MOVE, input, "vm");
      assert(false, "no error");
    } catch (e) {
      assertEquals((e as { code: string }).code, "INVALID_INPUT");
      assertMatch((e as Error).message, /on different hosts/);
    }
  }
});

function readCommand(seen: string[]) {
  return defineCommand({
    name: "pane.read",
    title: "Read",
    description: "Reads.",
    capabilities: ["pane:read"],
    input: z.object({ pane: z.string().optional() }),
    targets: READ.targets,
    handler: ({ input }) => {
      seen.push(input.pane ?? "");
      return { pane: input.pane };
    },
  });
}

function localBus(seen: string[]): Bus {
  const bus = new Bus({ host: "vm" });
  bus.setResolver((_spec, ref) => ({ id: ref ?? "p1", object: {} }));
  bus.register("core", [readCommand(seen)]);
  return bus;
}

Deno.test("Bus.call() runs a plain or own-host target here", async () => {
  const seen: string[] = [];
  const bus = localBus(seen);
  assertEquals(await bus.call("pane.read", { pane: "p3" }, { caller }), {
    ok: true,
    value: { pane: "p3" },
  });
  assertEquals((await bus.call("pane.read", { pane: "vm/p3" }, { caller })).ok, true);
  assertEquals(seen, ["p3", "p3"]);
});

Deno.test("Bus.call() fails a call for a host no route reaches with UNKNOWN_HOST", async () => {
  const seen: string[] = [];
  const bus = localBus(seen);
  const reply = await bus.call("pane.read", { pane: "far/p3" }, { caller });
  assert(!reply.ok);
  assertEquals(reply.error.code, "UNKNOWN_HOST");
  assertEquals(reply.error.data, { host: "far" });
  assertEquals(
    reply.error.message,
    'Cannot call "pane.read" on host "far": weft reaches no such host (this server is host "vm")',
  );
  assertEquals(seen, []);
});

Deno.test("Bus.call() checks rights before routing: a denied caller learns nothing of hosts", async () => {
  const bus = localBus([]);
  const reply = await bus.call("pane.read", { pane: "far/p3" }, {
    caller: { kind: "internal", id: "weak", grants: new Set() },
  });
  assert(!reply.ok);
  assertEquals(reply.error.code, "DENIED");
});

Deno.test("Bus.call() hands another host's call to the route that reaches it", async () => {
  const seen: string[] = [];
  const bus = localBus(seen);
  const routed: RoutedCall[] = [];
  bus.addRoute({ reaches: (h) => h === "near", call: () => Promise.reject(new Error("wrong")) });
  bus.addRoute({
    reaches: (h) => h === "far",
    call: (c) => {
      routed.push(c);
      return Promise.resolve({ pane: `far/${(c.input as { pane: string }).pane}` });
    },
  });
  const reply = await bus.call("pane.read", { pane: "far/p3" }, { caller, requestId: "r9" });
  assertEquals(reply, { ok: true, value: { pane: "far/p3" } });
  assertEquals(routed.map((c) => [c.host, c.name, c.input, c.requestId]), [
    ["far", "pane.read", { pane: "p3" }, "r9"],
  ]);
  assertEquals(seen, []);
});
