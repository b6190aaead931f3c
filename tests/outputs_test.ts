/**
 * Every core command's real result, from a real server with real panes, against the output
 * schema the contract declares for it (`protocols/bus/record_schemas.ts`); and the JSON Schema
 * the bus lists (what MCP's `outputSchema` is) is that same schema.
 */

import { deepStrictEqual, ok as assert } from "node:assert/strict";
import type { z } from "zod";
import { CORE_OUTPUTS } from "../protocols/bus/core_outputs.ts";
import type { CallInput, CoreCommand } from "../protocols/bus/calls.ts";
import { toJsonSchema } from "../protocols/bus/schema.ts";
import { coreSpec } from "../protocols/bus/contract/mod.ts";
import { CORE_COMMAND_NAMES } from "../core/commands/mod.ts";
import type { WeftClient } from "../plugins/client/mod.ts";
import { waitForText } from "./helpers/panes.ts";
import { fakeDialog } from "./helpers/fake_dialog.ts";
import { E2E, withServer } from "./helpers/server.ts";

/** Calls `name` and checks its result against its declared schema; returns the result. */
function checker(client: WeftClient, seen: Set<string>) {
  return async <N extends CoreCommand>(name: N, input?: CallInput<N>) => {
    const value = await client.call(name, input);
    const schema = CORE_OUTPUTS[name] as z.ZodType;
    const r = schema.safeParse(value);
    assert(r.success, `${name}: ${r.success ? "" : JSON.stringify(r.error.issues)}`);
    seen.add(name);
    return value;
  };
}

Deno.test(
  "every core command returns what its output schema (and so its MCP tool) declares",
  E2E,
  async () => {
    await withServer(async ({ client, server, dir }) => {
      const seen = new Set<string>();
      const check = checker(client, seen);
      const s = await check("session.create", { command: "echo hi; sleep 30" });
      await waitForText(client, { pane: s.pane, match: "hi" });
      await check("session.list");
      await check("session.rename", { session: s.session, name: "main" });
      const w = await check("window.create", { argv: ["cat"] });
      await check("window.list");
      await check("window.select", { window: w.window });
      await check("window.rename", { window: w.window, name: "second" });
      const laid = await check("window.layout", { window: s.window });
      await check("window.set_layout", { window: s.window, layout: laid.layout! });
      await check("window.resize", { window: w.window, cols: 100, rows: 30 });
      await check("session.view", { viewer: "page", session: s.session, cols: 100, rows: 30 });
      await check("session.view", { viewer: "page", leave: true });
      const p = await check("pane.create", { argv: ["cat"], name: "c", window: w.window });
      await check("window.zoom", { pane: p.id, zoomed: true });
      await check("window.zoom", { pane: p.id, zoomed: false });
      await check("pane.list");
      await check("pane.status", { pane: "c" });
      const asking = await check("pane.create", { argv: [await fakeDialog(dir)] });
      await check("pane.wait", { pane: asking.id, state: "blocked", timeout: 15_000 });
      await check("pane.needs");
      await check("pane.answer", { pane: asking.id, approve: true });
      await check("pane.write", { pane: "c", text: "typed\r" });
      await check("pane.wait", { pane: "c", match: "typed" });
      await check("pane.read", { pane: "c" });
      await check("pane.read", { pane: s.pane, since: 1, mode: "history" });
      await check("pane.resize", { pane: "c", dx: -5 });
      await check("pane.focus", { pane: "c" });
      await check("pane.rename", { pane: "c", name: "cat" });
      await check("pane.set", { pane: "cat", tags: ["x"], meta: { k: "v" } });
      await check("pane.report", {
        pane: "cat",
        event: { hook_event_name: "SessionStart", session_id: "s-1", source: "startup" },
      });
      await check("pane.check_key", { pane: "cat", key: "not the key" });
      await check("pane.transcript", { pane: "cat", find: "x" });
      await check("pane.pipe", { pane: "cat", command: "cat > /dev/null" });
      await check("pane.move", { pane: "cat", split: s.pane });
      await check("pane.run", { command: "echo x; exit 2" });
      const done = await check("pane.create", { command: "exit 5" });
      await check("pane.wait", { pane: done.id, exit: true });
      await check("pane.status", { pane: done.id });
      await check("pane.respawn", { pane: done.id, command: "sleep 30" });
      const canvas = await check("pane.canvas", { name: "board" });
      await check("pane.draw", { pane: canvas.id, lines: ["hello"] });
      await check("pane.close", { pane: canvas.id });
      await check("window.kill", { window: w.window });
      await check("server.status");
      await check("server.commands", { name: "pane.list" });
      await check("server.plugin_start", { name: "sideband" });
      await check("server.plugin_reload", { name: "sideband" });
      await check("server.allow");
      // Only a plugin may reserve names (messaging's human, a bridge's agents).
      const reserved = await server.bus.invoke("pane.reserve_names", { names: ["bob", "cat"] }, {
        caller: { kind: "plugin", id: "demo", grants: new Set(["message:send"]) },
      });
      const r = CORE_OUTPUTS["pane.reserve_names"].safeParse(reserved);
      assert(r.success, `pane.reserve_names: ${r.success ? "" : JSON.stringify(r.error.issues)}`);
      deepStrictEqual(reserved, { reserved: ["bob"], taken: [{ name: "cat", pane: "p3" }] });
      seen.add("pane.reserve_names");
      const other = await check("session.create", { argv: ["cat"] });
      await check("session.kill", { session: other.session });

      // What the bus lists (the MCP tools' outputSchema, the CLI's flags, the MCP names) is the
      // contract's: the spec the CLI reads without a server is the one the server lists.
      const { commands } = await client.call("server.commands");
      for (const name of CORE_COMMAND_NAMES) {
        const spec = commands.find((c) => c.name === name);
        deepStrictEqual(spec?.outputSchema, toJsonSchema(CORE_OUTPUTS[name]), name);
        deepStrictEqual(spec, coreSpec(name), name);
      }

      await check("server.stop");
      deepStrictEqual(
        CORE_COMMAND_NAMES.filter((n) => !seen.has(n)),
        [],
        "core commands this test did not run",
      );
    }, { weft: { plugins: { sideband: true } } });
  },
);
