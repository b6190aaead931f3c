/**
 * Issue 10, confused deputy: a plugin handler that calls through the `call` its setup got,
 * instead of its own, still runs within its caller chain's rights.
 */
import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import { z } from "zod";
import { type Caller, defineCommand, type Reply } from "../core/bus/mod.ts";
import { PluginHost, type PluginLogEntry } from "../core/plugin/mod.ts";
import type { Capability } from "../protocols/bus/capabilities.ts";
import { fakePanes } from "./fixtures/plugins/_fake_panes.ts";

const fixture = (name: string) =>
  new URL(`./fixtures/plugins/${name}/mod.ts`, import.meta.url).href;
const OWNER: Caller = { kind: "cli", id: "test", grants: "all" };

interface Harness {
  call: (name: string, input: unknown, caller?: Caller) => Promise<Reply>;
  spawned: string[];
  logs: PluginLogEntry[];
}

/** The deputy (may spawn) and the weak plugin (may do nothing) over a bus that records spawns. */
async function withDeputy(body: (h: Harness) => Promise<void>): Promise<void> {
  const { bus } = fakePanes({});
  const spawned: string[] = [];
  bus.register("core", [defineCommand({
    name: "pane.create",
    title: "Create a pane",
    description: "Fake: records the command it would run.",
    capabilities: ["pane:spawn"],
    input: z.object({ cmd: z.string() }),
    handler: ({ input }) => (spawned.push(input.cmd), { pane: `p${spawned.length}` }),
  })]);
  const logs: PluginLogEntry[] = [];
  const host = new PluginHost({ bus, projectDir: Deno.cwd(), log: (entry) => logs.push(entry) });
  const config = (name: string, grant: Capability[]) => ({
    name,
    from: fixture(name),
    grant,
    options: {},
  });
  try {
    await host.start([config("deputy", ["pane:spawn"]), config("weak", [])]);
    deepStrictEqual(
      host.status().map((s) => s.state),
      ["running", "running"],
      JSON.stringify([host.status(), logs]),
    );
    await body({
      call: (name, input, caller = OWNER) => bus.call(name, input, { caller }),
      spawned,
      logs,
    });
  } finally {
    await host.stop();
  }
}

function errorOf(reply: Reply): { code: string; message: string } {
  ok(!reply.ok, `expected an error, got ${JSON.stringify(reply)}`);
  return reply.error;
}

Deno.test("a plugin with no grants cannot make a deputy spawn through the call its setup kept", async () => {
  await withDeputy(async (h) => {
    const error = errorOf(await h.call("weak.borrow", { via: "deputy.spawn", cmd: "touch x" }));
    strictEqual(error.code, "DENIED");
    match(error.message, /Cannot call "pane\.create": .*lacks pane:spawn/);
    deepStrictEqual(h.spawned, []);
  });
});

Deno.test("a caller without pane:spawn cannot make a deputy spawn; one with it can", async () => {
  await withDeputy(async (h) => {
    const weak: Caller = { kind: "socket", id: "weak", grants: new Set() };
    const denied = errorOf(await h.call("deputy.spawn", { cmd: "touch x" }, weak));
    match(denied.message, /lacks pane:spawn/);
    deepStrictEqual(h.spawned, []);
    const spawner: Caller = { kind: "socket", id: "ok", grants: new Set(["pane:spawn"]) };
    const reply = await h.call("deputy.spawn", { cmd: "true" }, spawner);
    ok(reply.ok, JSON.stringify(reply));
    deepStrictEqual(h.spawned, ["true"]);
  });
});

Deno.test("a deputy's work left running after its handler returned cannot call the bus", async () => {
  await withDeputy(async (h) => {
    const reply = await h.call("weak.borrow", { via: "deputy.later", cmd: "touch x" });
    deepStrictEqual(reply, { ok: true, value: "scheduled" });
    await waitFor(() => h.logs.some((l) => l.message.startsWith("later:")));
    const line = h.logs.find((l) => l.message.startsWith("later:"))!.message;
    match(line, /^later: CANCELLED: Cannot call "pane\.create": it was made for "deputy\.later"/);
    deepStrictEqual(h.spawned, []);
  });
});

Deno.test("ctx.detached() is the one way to call with the plugin's own rights from a handler", async () => {
  await withDeputy(async (h) => {
    const reply = await h.call("weak.borrow", { via: "deputy.own", cmd: "mine" });
    deepStrictEqual(reply, { ok: true, value: "scheduled" });
    await waitFor(() => h.spawned.length > 0);
    deepStrictEqual(h.spawned, ["mine"]);
  });
});

async function waitFor(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("Timed out waiting for the deputy");
    await new Promise((r) => setTimeout(r, 20));
  }
}
