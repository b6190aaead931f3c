// pane.create/list/status/close/rename/set/focus/resize through a real Bus, the built-in
// commands and a real Model on fake PTYs. (pane.read/write/wait/run: pane_io_test.ts.)
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import type { Caller } from "../bus/mod.ts";
import type { PaneInfo } from "../model/mod.ts";
import { withCore } from "../../tests/helpers/core.ts";

/** An agent in pane `pane`, with every right. */
function agentIn(pane: string): Caller {
  return { kind: "mcp", id: "m1", pane, grants: "all" };
}

Deno.test("pane.create splits the focused pane of the current window, or the pane it names", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    const p2 = await core.call<PaneInfo>("pane.create", { command: "htop", name: "top" });
    deepStrictEqual([p2.id, p2.window, p2.command, p2.name, p2.focused], [
      "p2",
      "w1",
      "htop",
      "top",
      true,
    ]);
    deepStrictEqual(core.pty("top").options.argv, ["bash", "-c", "htop"]);
    const p3 = await core.call<PaneInfo>("pane.create", {
      split: "p1",
      direction: "vertical",
      ratio: 0.25,
      before: true,
      focus: false,
    });
    strictEqual(p3.focused, false);
    strictEqual(core.model.window("w1").focused, "p2");
    deepStrictEqual(core.model.window("w1").layout, {
      type: "split",
      direction: "horizontal",
      children: [
        {
          ratio: 0.5,
          node: {
            type: "split",
            direction: "vertical",
            children: [
              { ratio: 0.25, node: { type: "pane", pane: "p3" } },
              { ratio: 0.75, node: { type: "pane", pane: "p1" } },
            ],
          },
        },
        { ratio: 0.5, node: { type: "pane", pane: "p2" } },
      ],
    });
    strictEqual(core.pty("p3").rows, p3.rows);
    await core.call("window.create", {});
    const wrong = await core.reply("pane.create", { window: "w2", split: "p1" });
    ok(!wrong.ok);
    strictEqual(wrong.error.code, "INVALID_INPUT");
    const taken = await core.reply("pane.create", { name: "top" });
    ok(!taken.ok);
    strictEqual(taken.error.code, "CONFLICT");
  });
});

Deno.test("pane.create from an agent splits the agent's own pane in its directory", async () => {
  await withCore(async (core) => {
    await core.call("session.create", { cwd: "/work" });
    await core.call("session.create", {});
    const own = await core.call<PaneInfo>("pane.create", {}, agentIn("p1"));
    deepStrictEqual([own.window, own.cwd, own.createdBy], ["w1", "/work", "p1"]);
    // The shell reports where it went (OSC 7): new panes start there.
    core.pty("p1").output("\x1b]7;file://host/work/sub\x07");
    await core.model.pane("p1").screen.flush();
    const deeper = await core.call<PaneInfo>("pane.create", { split: "p1" }, agentIn("p1"));
    strictEqual(deeper.cwd, "/work/sub");
    const elsewhere = await core.call<PaneInfo>("pane.create", { window: "w2" }, agentIn("p1"));
    deepStrictEqual([elsewhere.window, elsewhere.cwd], ["w2", "/work/sub"]);
  });
});

Deno.test("pane.list filters by window, session and tag", async () => {
  await withCore(async (core) => {
    await core.call("session.create", { tags: ["agent"] });
    await core.call("pane.create", {});
    await core.call("session.create", { session: "other", tags: ["agent"] });
    type List = { panes: PaneInfo[] };
    const ids = (list: List) => list.panes.map((p) => p.id);
    deepStrictEqual(ids(await core.call<List>("pane.list", {})), ["p1", "p2", "p3"]);
    deepStrictEqual(ids(await core.call<List>("pane.list", { window: "w1" })), ["p1", "p2"]);
    deepStrictEqual(ids(await core.call<List>("pane.list", { session: "other" })), ["p3"]);
    deepStrictEqual(ids(await core.call<List>("pane.list", { tag: "agent" })), ["p1", "p3"]);
    const none = await core.reply("pane.list", { window: "w9" });
    ok(!none.ok);
    strictEqual(none.error.code, "TARGET_NOT_FOUND");
  });
});

Deno.test("pane.status describes the caller's pane with its bells and quiet time on the model's clock", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    await core.call("pane.create", {});
    core.pty("p1").output("ding\x07");
    await core.clock.advance(200);
    type Status = PaneInfo & { bells: number; idleForMs: number; pendingBytes: number };
    await core.model.pane("p1").screen.flush();
    const status = await core.call<Status>("pane.status", {}, agentIn("p1"));
    deepStrictEqual([status.id, status.bells, status.idleForMs, status.pendingBytes], [
      "p1",
      1,
      200,
      0,
    ]);
    const current = await core.call<Status>("pane.status", {});
    strictEqual(current.id, "p2", "without a caller's pane: the focused pane");
  });
});

Deno.test("pane.close hangs up the pane and needs a target", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    await core.call("pane.create", { name: "side" });
    const side = core.pty("side");
    deepStrictEqual(await core.call("pane.close", { pane: "side" }), { closed: "p2" });
    deepStrictEqual(side.signals, ["SIGHUP"]);
    deepStrictEqual(core.model.window("w1").layout, { type: "pane", pane: "p1" });
    const again = await core.reply("pane.close", { pane: "p2" });
    ok(!again.ok);
    strictEqual(again.error.code, "TARGET_NOT_FOUND");
    const none = await core.reply("pane.close", {}, agentIn("p1"));
    ok(!none.ok);
    strictEqual(none.error.code, "INVALID_INPUT", "the caller's own pane is not a default");
    strictEqual(core.model.panes.size, 1);
  });
});

Deno.test("pane.rename names a pane, refuses a taken name and clears with null", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    await core.call("pane.create", { name: "b" });
    const named = await core.call<PaneInfo>("pane.rename", { pane: "p1", name: "a" });
    strictEqual(named.name, "a");
    strictEqual(core.model.resolve("pane", "a"), "p1");
    const taken = await core.reply("pane.rename", { pane: "a", name: "b" });
    ok(!taken.ok);
    strictEqual(taken.error.code, "CONFLICT");
    const idLike = await core.reply("pane.rename", { pane: "a", name: "p7" });
    ok(!idLike.ok);
    strictEqual(idLike.error.code, "INVALID_INPUT");
    const cleared = await core.call<PaneInfo>("pane.rename", { name: null }, agentIn("p1"));
    deepStrictEqual([cleared.id, cleared.name], ["p1", null]);
  });
});

Deno.test("pane.set changes agent, tags, meta and state; a pane's own report is the most trusted", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    const set = await core.call<PaneInfo>("pane.set", {
      pane: "p1",
      agent: "claude",
      tags: ["x", "y"],
      meta: { a: "1", b: "2" },
    });
    deepStrictEqual([set.agent, set.tags, set.meta], ["claude", ["x", "y"], { a: "1", b: "2" }]);
    const dropped = await core.call<PaneInfo>("pane.set", { pane: "p1", meta: { a: null } });
    deepStrictEqual(dropped.meta, { b: "2" });
    const hook = await core.call<PaneInfo>("pane.set", { pane: "p1", state: "blocked" });
    deepStrictEqual([hook.state, hook.stateSource], ["blocked", "hook"]);
    const self = await core.call<PaneInfo>("pane.set", {
      state: "working",
      message: "thinking",
    }, agentIn("p1"));
    deepStrictEqual([self.state, self.stateSource, self.stateMessage], [
      "working",
      "self",
      "thinking",
    ]);
    ok(core.events.some((e) => e.topic === "pane.state" && e.pane === "p1"));
    const exited = await core.reply("pane.set", { pane: "p1", state: "exited" });
    ok(!exited.ok);
    strictEqual(exited.error.code, "INVALID_INPUT");
    await core.call("pane.set", { pane: "p1", displayFilter: "sideband" });
    strictEqual(core.model.pane("p1").displayFilter, "sideband");
  });
});

Deno.test("pane.focus makes a pane focused and its window and session current", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    await core.call("pane.create", {});
    await core.call("session.create", {});
    const focused = await core.call<PaneInfo>("pane.focus", { pane: "p1" });
    strictEqual(focused.focused, true);
    deepStrictEqual(core.model.current(), { session: "s1", window: "w1", pane: "p1" });
    deepStrictEqual(core.events.at(-1), {
      topic: "focus.changed",
      data: { pane: "p1", window: "w1", session: "s1" },
      pane: "p1",
    });
  });
});

Deno.test("pane.resize moves the split by cells and resizes the PTYs", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    await core.call("pane.create", { direction: "horizontal" });
    const before = core.pty("p1").cols;
    type Layout = { panes: { pane: string; cols: number; rows: number }[] };
    const grown = await core.call<Layout>("pane.resize", { pane: "p1", dx: 10 });
    strictEqual(grown.panes.find((p) => p.pane === "p1")!.cols, before + 10);
    strictEqual(core.pty("p1").cols, before + 10);
    const set = await core.call<Layout>("pane.resize", { pane: "p2", cols: 30 });
    strictEqual(core.pty("p2").cols, 30);
    strictEqual(set.panes.find((p) => p.pane === "p2")!.cols, 30);
    const nothing = await core.reply("pane.resize", { pane: "p1" });
    ok(!nothing.ok);
    strictEqual(nothing.error.code, "INVALID_INPUT");
  });
});
