import {
  deepStrictEqual as assertEquals,
  ok as assert,
  throws as assertThrows,
} from "node:assert/strict";
import { z } from "zod";
import { Bus } from "./bus.ts";
import { commandFactory } from "./command.ts";
import type { Caller } from "../../protocols/bus/command_spec.ts";
import { WeftError } from "../../protocols/bus/errors.ts";

const owner: Caller = { kind: "internal", id: "test", grants: "all" };

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
