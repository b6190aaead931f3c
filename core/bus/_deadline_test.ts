import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { z } from "zod";
import { Bus } from "./bus.ts";
import { defineCommand } from "./command.ts";
import type { Caller } from "../../protocols/bus/command_spec.ts";
import { WeftError } from "../../protocols/bus/errors.ts";

const owner: Caller = { kind: "internal", id: "test", grants: "all" };

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
