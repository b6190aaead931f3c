// pane.respawn through a real Bus and Model on fake PTYs: the pane keeps its id, place, size,
// name and metadata; the old program ends and its late exit does not speak for the new one.
import { deepStrictEqual, notStrictEqual, ok, strictEqual } from "node:assert/strict";
import type { PaneInfo } from "../model/mod.ts";
import { withCore } from "../../tests/helpers/core.ts";

Deno.test("pane.respawn starts a new program in place and ends the old one", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    const p2 = await core.call<PaneInfo>("pane.create", { command: "cat", name: "mate" });
    await core.call("pane.set", { pane: "p2", meta: { "tmux.title": "researcher" } });
    const layout = core.model.window("w1").layout;
    const old = core.pty("p2");
    const after = await core.call<PaneInfo>("pane.respawn", {
      pane: "mate",
      argv: ["/bin/sh", "-c", "claude --agent-id x"],
    });
    deepStrictEqual(
      [after.id, after.name, after.window, after.cols, after.rows, after.meta["tmux.title"]],
      ["p2", "mate", "w1", p2.cols, p2.rows, "researcher"],
    );
    deepStrictEqual(core.pty("p2").options.argv, ["/bin/sh", "-c", "claude --agent-id x"]);
    notStrictEqual(core.pty("p2"), old);
    deepStrictEqual(core.model.window("w1").layout, layout);
    // The old program's end (SIGHUP) comes and goes: it does not make the new pane exited.
    await core.ptys.processes.settled();
    strictEqual(old.signals[0], "SIGHUP");
    notStrictEqual((await core.call<PaneInfo>("pane.status", { pane: "p2" })).state, "exited");
    strictEqual(core.events.filter((e) => e.topic === "pane.exited").length, 0);
  });
});

Deno.test("pane.respawn keeps the old program when the new one cannot start", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    const before = core.pty("p1");
    const r = await core.reply("pane.respawn", { pane: "p1", argv: ["nope"] });
    ok(!r.ok);
    strictEqual(r.error.code, "SPAWN_FAILED");
    strictEqual(core.pty("p1"), before);
    deepStrictEqual(before.signals, []);
  }, { refuse: (o) => (o.argv[0] === "nope" ? "no such program" : undefined) });
});
