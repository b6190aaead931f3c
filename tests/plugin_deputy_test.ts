/**
 * Issue 10, confused deputy: a plugin handler that calls through the `call` its setup got,
 * instead of its own, still runs within its caller chain's rights.
 */
import { deepStrictEqual, match, ok, strictEqual } from "node:assert/strict";
import type { Caller } from "../core/bus/mod.ts";
import { errorOf, fixture, type Harness, plugin, withHost } from "./helpers/plugin_host.ts";

/** The deputy (may spawn) and the weak plugin (may do nothing) over the real core. */
async function withDeputy(body: (h: Harness) => Promise<void>): Promise<void> {
  const configs = [
    plugin("deputy", fixture("deputy"), ["pane:spawn"]),
    plugin("weak", fixture("weak")),
  ];
  await withHost(configs, async (h) => {
    deepStrictEqual(
      h.host.status().map((s) => s.state),
      ["running", "running"],
      JSON.stringify([h.host.status(), h.logs]),
    );
    await body(h);
  });
}

/** The shell commands of the panes started after the harness's own two. */
function spawned(h: Harness): string[] {
  return h.core.ptys.started.slice(2).map((pty) => pty.options.argv.at(-1)!);
}

Deno.test("a plugin with no grants cannot make a deputy spawn through the call its setup kept", async () => {
  await withDeputy(async (h) => {
    const error = errorOf(await h.call("weak.borrow", { via: "deputy.spawn", cmd: "touch x" }));
    strictEqual(error.code, "DENIED");
    match(error.message, /Cannot call "pane\.create": .*lacks pane:spawn/);
    deepStrictEqual(spawned(h), []);
  });
});

Deno.test("a caller without pane:spawn cannot make a deputy spawn; one with it can", async () => {
  await withDeputy(async (h) => {
    const weak: Caller = { kind: "socket", id: "weak", grants: new Set() };
    const denied = errorOf(await h.call("deputy.spawn", { cmd: "touch x" }, weak));
    match(denied.message, /lacks pane:spawn/);
    deepStrictEqual(spawned(h), []);
    const spawner: Caller = { kind: "socket", id: "ok", grants: new Set(["pane:spawn"]) };
    const reply = await h.call("deputy.spawn", { cmd: "true" }, spawner);
    ok(reply.ok, JSON.stringify(reply));
    deepStrictEqual(spawned(h), ["true"]);
  });
});

Deno.test("a deputy's work left running after its handler returned cannot call the bus", async () => {
  await withDeputy(async (h) => {
    const reply = await h.call("weak.borrow", { via: "deputy.later", cmd: "touch x" });
    deepStrictEqual(reply, { ok: true, value: "scheduled" });
    await h.until(
      "the deputy's late call",
      () => h.logs.some((l) => l.message.startsWith("later:")),
    );
    const line = h.logs.find((l) => l.message.startsWith("later:"))!.message;
    match(line, /^later: CANCELLED: Cannot call "pane\.create": it was made for "deputy\.later"/);
    deepStrictEqual(spawned(h), []);
  });
});

Deno.test("ctx.detached() is the one way to call with the plugin's own rights from a handler", async () => {
  await withDeputy(async (h) => {
    const reply = await h.call("weak.borrow", { via: "deputy.own", cmd: "mine" });
    deepStrictEqual(reply, { ok: true, value: "scheduled" });
    await h.until("the deputy's own spawn", () => spawned(h).length > 0);
    deepStrictEqual(spawned(h), ["mine"]);
  });
});
