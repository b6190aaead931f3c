// window.* through a real Bus, the built-in commands and a real Model on fake PTYs.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { withCore } from "../../tests/helpers/core.ts";

type Created = { session: string; window: string; pane: string };
type WindowInfo = { id: string; name: string | null; session: string; current: boolean };
type Rect = { pane: string; x: number; y: number; cols: number; rows: number };
type Layout = {
  window: string;
  cols: number;
  rows: number;
  focused: string | null;
  zoomed: string | null;
  layout: unknown;
  panes: Rect[];
};

Deno.test("window.create adds a window to the current or a named session; window.list lists them", async () => {
  await withCore(async (core) => {
    await core.call("session.create", { session: "a" });
    await core.call("session.create", { session: "b" });
    const made = await core.call<Created>("window.create", { window: "logs", command: "tail" });
    deepStrictEqual(made, { session: "s2", window: "w3", pane: "p3" });
    await core.call("window.create", { session: "a" });
    const all = await core.call<{ windows: WindowInfo[] }>("window.list", {});
    deepStrictEqual(all.windows.map((w) => [w.id, w.name, w.session]), [
      ["w1", null, "s1"],
      ["w2", null, "s2"],
      ["w3", "logs", "s2"],
      ["w4", null, "s1"],
    ]);
    const ofA = await core.call<{ windows: WindowInfo[] }>("window.list", { session: "a" });
    deepStrictEqual(ofA.windows.map((w) => [w.id, w.current]), [["w1", false], ["w4", true]]);
    const taken = await core.reply("window.create", { window: "logs" });
    ok(!taken.ok);
    strictEqual(taken.error.code, "CONFLICT");
  });
});

Deno.test("window.select, window.rename and window.kill", async () => {
  await withCore(async (core) => {
    await core.call("session.create", { window: "one" });
    await core.call("window.create", {});
    const selected = await core.call<WindowInfo>("window.select", { window: "one" });
    deepStrictEqual([selected.id, selected.current], ["w1", true]);
    deepStrictEqual(core.model.current(), { session: "s1", window: "w1", pane: "p1" });
    const renamed = await core.call<WindowInfo>("window.rename", { name: "uno" });
    deepStrictEqual([renamed.id, renamed.name], ["w1", "uno"], "the current window by default");
    const p2 = core.pty("p2");
    deepStrictEqual(await core.call("window.kill", { window: "w2" }), { killed: "w2" });
    deepStrictEqual(p2.signals, ["SIGHUP"]);
    ok(!core.model.windows.has("w2"));
    const missing = await core.reply("window.kill", { window: "w2" });
    ok(!missing.ok);
    strictEqual(missing.error.code, "TARGET_NOT_FOUND");
    await core.call("window.kill", { window: "uno" });
    strictEqual(core.model.sessions.size, 0, "the last window took its session along");
  });
});

Deno.test("window.layout, window.set_layout and window.resize keep the PTYs at their rectangles", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    await core.call("pane.create", { direction: "horizontal" });
    const before = await core.call<Layout>("window.layout", {});
    deepStrictEqual([before.window, before.cols, before.rows], ["w1", 120, 40]);
    deepStrictEqual(before.panes.map((p) => p.pane), ["p1", "p2"]);
    const tree = {
      type: "split",
      direction: "vertical",
      children: [
        { ratio: 0.25, node: { type: "pane", pane: "p2" } },
        { ratio: 0.75, node: { type: "pane", pane: "p1" } },
      ],
    };
    const set = await core.call<Layout>("window.set_layout", { window: "w1", layout: tree });
    deepStrictEqual(set.layout, tree);
    for (const rect of set.panes) {
      deepStrictEqual([core.pty(rect.pane).cols, core.pty(rect.pane).rows], [rect.cols, rect.rows]);
    }
    const bad = await core.reply("window.set_layout", {
      layout: { type: "pane", pane: "p1" },
    });
    ok(!bad.ok);
    strictEqual(bad.error.code, "INVALID_INPUT");
    const resized = await core.call<Layout>("window.resize", { cols: 80, rows: 24 });
    deepStrictEqual([resized.cols, resized.rows], [80, 24]);
    for (const rect of resized.panes) {
      deepStrictEqual([core.pty(rect.pane).cols, core.pty(rect.pane).rows], [rect.cols, rect.rows]);
    }
    deepStrictEqual([core.pty("p1").cols, core.pty("p2").cols], [80, 80]);
  });
});

Deno.test("window.zoom gives one pane the whole window and gives it back", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    await core.call("pane.create", { direction: "horizontal" });
    const halfCols = core.pty("p1").cols;
    ok(halfCols < 120);
    const zoomed = await core.call<Layout>("window.zoom", { pane: "p1", zoomed: true });
    deepStrictEqual([zoomed.zoomed, zoomed.focused], ["p1", "p1"]);
    deepStrictEqual([core.pty("p1").cols, core.pty("p1").rows], [120, 40]);
    const back = await core.call<Layout>("window.zoom", { pane: "p1", zoomed: false });
    strictEqual(back.zoomed, null);
    strictEqual(core.pty("p1").cols, halfCols);
  });
});
