// server.* through a real Bus, the built-in commands and a real Model on fake PTYs.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import type { CommandSpec } from "../bus/mod.ts";
import { CORE_COMMANDS } from "./mod.ts";
import { withCore } from "../../tests/helpers/core.ts";

Deno.test("server.status adds the model's counts and current objects to the server's facts", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    await core.call("pane.create", {});
    const status = await core.call("server.status", {});
    deepStrictEqual(
      [status.projectDir, status.sessions, status.windows, status.panes, status.current],
      ["/project", 1, 1, 2, { session: "s1", window: "w1", pane: "p2" }],
    );
    strictEqual(status.commands, CORE_COMMANDS.length);
  });
});

Deno.test("server.commands lists every command's spec, or one", async () => {
  await withCore(async (core) => {
    type Specs = { commands: (CommandSpec & { owner: string })[] };
    const all = await core.call<Specs>("server.commands", {});
    strictEqual(all.commands.length, CORE_COMMANDS.length);
    ok(all.commands.every((c) => c.owner === "core"));
    const one = await core.call<Specs>("server.commands", { name: "pane.create" });
    deepStrictEqual(one.commands.map((c) => c.name), ["pane.create"]);
    deepStrictEqual(one.commands[0]!.capabilities, ["pane:spawn"]);
  });
});

Deno.test("server.commands with tagged lists only commands that declare a sideband tag, without building the others' schemas", async () => {
  await withCore(async (core) => {
    type Specs = { commands: CommandSpec[] };
    const spec = (name: string, tag?: string) => ({
      name,
      title: name,
      description: name,
      inputSchema: { type: "object" as const, properties: {} },
      capabilities: [],
      ...(tag ? { sideband: { tag, summary: tag, attrs: {} } } : {}),
      parse: (input: unknown) => input,
      handler: () => null,
    });
    core.bus.register("demo", [spec("demo.tagged", "demo"), spec("demo.plain")]);
    let built = 0;
    const before = core.bus.list().length; // every spec built once before counting
    ok(before > 2);
    // A core command whose schema is built when it is read: a tagged list must not read it.
    core.bus.register("probe", [{
      ...spec("probe.lazy"),
      get inputSchema() {
        built++;
        return { type: "object" as const, properties: {} };
      },
    }]);
    const tagged = await core.call<Specs>("server.commands", { tagged: true });
    deepStrictEqual(tagged.commands.map((c) => c.name), ["demo.tagged"]);
    strictEqual(built, 0);
  });
});

Deno.test("server.stop asks the server to stop and needs session:admin", async () => {
  await withCore(async (core) => {
    const denied = await core.reply("server.stop", {}, {
      kind: "mcp",
      id: "m1",
      grants: new Set(["pane:read"]),
    });
    ok(!denied.ok);
    strictEqual(denied.error.code, "DENIED");
    strictEqual(core.stops, 0);
    deepStrictEqual(await core.call("server.stop", {}), { stopping: true, graceMs: 2000 });
    strictEqual(core.stops, 1);
  });
});
