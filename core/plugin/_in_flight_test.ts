import { deepStrictEqual, rejects, strictEqual } from "node:assert/strict";
import type { CallContext } from "../bus/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { HostMessage } from "../../protocols/plugin/mod.ts";
import { InFlight } from "./_in_flight.ts";

function context(signal = new AbortController().signal): CallContext<unknown> {
  return {
    input: { a: 1 },
    targets: {},
    caller: { kind: "cli", id: "t", grants: new Set(["pane:read"]) },
    door: { typist: "program", shortCalls: false },
    requestId: "r1",
    signal,
    call: <T>() => Promise.resolve("nested" as T),
  };
}

function setup(timeoutMs = 1_000) {
  const sent: HostMessage[] = [];
  const calls = new InFlight("demo", (m) => sent.push(structuredClone(m)), timeoutMs);
  return { sent, calls };
}

Deno.test("InFlight.open() sends a cloneable call and settles with the reply", async () => {
  const { sent, calls } = setup();
  const result = calls.open("demo.x", context(), { targets: { pane: "p1" } });
  deepStrictEqual(sent, [{
    type: "call",
    id: "c1",
    name: "demo.x",
    input: { a: 1 },
    targets: { pane: "p1" },
    caller: { kind: "cli", id: "t", grants: ["pane:read"] },
    requestId: "r1",
  }]);
  strictEqual(calls.context("c1")?.requestId, "r1");
  calls.settle("c1", { ok: true, value: 42 });
  strictEqual(await result, 42);
  strictEqual(calls.size, 0);
  strictEqual(calls.context("c1"), undefined);
});

Deno.test("InFlight.settle() rejects with the plugin's error and ignores unknown ids", async () => {
  const { calls } = setup();
  const result = calls.open("demo.x", context());
  calls.settle("c99", { ok: true, value: "late" });
  calls.settle("c1", { ok: false, error: { code: "CONFLICT", message: "no" } });
  await rejects(result, (e: unknown) => e instanceof WeftError && e.code === "CONFLICT");
});

Deno.test("InFlight fails a call that is not answered in time and cancels it", async () => {
  const { sent, calls } = setup(20);
  await rejects(calls.open("demo.slow", context()), (e: unknown) => {
    strictEqual(e instanceof WeftError && e.code, "TIMEOUT");
    strictEqual(
      (e as Error).message,
      'Cannot call "demo.slow": plugin "demo" did not answer within 20 ms',
    );
    return true;
  });
  deepStrictEqual(sent.at(-1), { type: "cancel", id: "c1" });
});

Deno.test("InFlight carries an abort to the Worker as a cancel", async () => {
  const { sent, calls } = setup();
  const controller = new AbortController();
  const result = calls.open("demo.x", context(controller.signal));
  controller.abort();
  await rejects(result, (e: unknown) => e instanceof WeftError && e.code === "CANCELLED");
  deepStrictEqual(sent.at(-1), { type: "cancel", id: "c1" });
});

Deno.test("InFlight.failAll() fails every call with the error built for it", async () => {
  const { calls } = setup();
  const a = calls.open("demo.a", context());
  const b = calls.open("demo.b", context());
  calls.failAll((name) => new WeftError("PLUGIN_CRASHED", `Cannot finish "${name}"`));
  await rejects(a, /Cannot finish "demo\.a"/);
  await rejects(b, /Cannot finish "demo\.b"/);
});

Deno.test("InFlight.open() turns an input that cannot be cloned into INVALID_INPUT", async () => {
  const calls = new InFlight("demo", (m) => void structuredClone(m), 1_000);
  const ctx = { ...context(), input: { f: () => 1 } };
  await rejects(
    calls.open("demo.x", ctx),
    (e: unknown) => e instanceof WeftError && e.code === "INVALID_INPUT",
  );
  strictEqual(calls.size, 0);
});

Deno.test("InFlight leaves a command that declares its own deadline to the bus's timer", async () => {
  const { calls } = setup(10);
  const controller = new AbortController();
  const result = calls.open("demo.wait", context(controller.signal), { ownDeadline: true });
  // Past the host's default limit the call is still open: only the bus's signal ends it.
  await new Promise((r) => setTimeout(r, 40));
  strictEqual(calls.size, 1);
  controller.abort(new WeftError("TIMEOUT", 'Cannot call "demo.wait": too long'));
  await rejects(result, (e: unknown) => e instanceof WeftError && e.code === "TIMEOUT");
});
