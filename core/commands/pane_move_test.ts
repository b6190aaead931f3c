// pane.move through a real Bus and Model on fake PTYs: join beside a pane of another window,
// break into a new window, windows left empty go, the program and id stay; and a store run
// restores the moved layout.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import type { PaneInfo, WindowInfo } from "../model/mod.ts";
import { startCore, withCore } from "../../tests/helpers/core.ts";
import { picture } from "../../tests/helpers/picture.ts";
import { startStore } from "../store/start_store.ts";

const tree = (panes: string[], direction = "horizontal") => ({
  type: "split",
  direction,
  children: panes.map((pane) => ({ ratio: 0.5, node: { type: "pane", pane } })),
});

Deno.test("pane.move breaks a pane into a new window and joins it back, program and id kept", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    await core.call("pane.create", { split: "p1", direction: "horizontal", command: "cat" });
    const pty = core.pty("p2");
    const broken = await core.call<{ window: string }>("pane.move", {
      pane: "p2",
      name: "hidden",
      focus: false,
    });
    strictEqual(broken.window, "w2");
    deepStrictEqual(core.model.window("w1").layout, { type: "pane", pane: "p1" });
    deepStrictEqual(core.model.window("w2").layout, { type: "pane", pane: "p2" });
    strictEqual(core.model.window("w2").name, "hidden");
    strictEqual(core.model.session("s1").currentWindow, "w1");
    strictEqual(core.pty("p2"), pty);
    deepStrictEqual(pty.signals, []);
    // Back beside p1, the new window goes as it is left empty.
    const joined = await core.call<{ window: string }>("pane.move", {
      pane: "p2",
      split: "p1",
      direction: "horizontal",
    });
    strictEqual(joined.window, "w1");
    deepStrictEqual(core.model.window("w1").layout, tree(["p1", "p2"]));
    ok(!core.model.windows.has("w2"));
    const info = await core.call<PaneInfo>("pane.status", { pane: "p2" });
    deepStrictEqual([info.window, info.focused, info.pid], ["w1", true, pty.pid]);
    const { windows } = await core.call<{ windows: WindowInfo[] }>("window.list", {});
    deepStrictEqual(windows.map((w) => w.id), ["w1"]);
  });
});

Deno.test("pane.move within a window and its refusals", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    await core.call("pane.create", { split: "p1", direction: "horizontal" });
    await core.call("pane.create", { split: "p2", direction: "vertical" });
    await core.call("pane.move", {
      pane: "p3",
      split: "p1",
      direction: "horizontal",
      before: true,
    });
    deepStrictEqual(core.model.window("w1").layout, {
      type: "split",
      direction: "horizontal",
      children: [
        { ratio: 0.25, node: { type: "pane", pane: "p3" } },
        { ratio: 0.25, node: { type: "pane", pane: "p1" } },
        { ratio: 0.5, node: { type: "pane", pane: "p2" } },
      ],
    });
    const self = await core.reply("pane.move", { pane: "p1", split: "p1" });
    ok(!self.ok);
    strictEqual(self.error.code, "INVALID_INPUT");
    const missing = await core.reply("pane.move", { pane: "p1", split: "p9" });
    ok(!missing.ok);
    strictEqual(missing.error.code, "TARGET_NOT_FOUND");
  });
});

Deno.test("a store restores panes where pane.move put them", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-move-" });
  const file = join(dir, "weft.db");
  const open = async () => {
    const core = startCore();
    const store = await startStore({
      file,
      model: core.model,
      events: core.bus.events,
      restore: "all",
      shell: core.config.shell,
      projectDir: core.config.projectDir,
      log: () => {},
    });
    core.bus.setBarrier(() => store.flush());
    return { core, store };
  };
  try {
    const first = await open();
    await first.core.call("session.create", { session: "main" });
    await first.core.call("pane.create", { split: "p1", command: "cat" });
    await first.core.call("window.create", {});
    await first.core.call("pane.move", { pane: "p2", split: "p3", direction: "vertical" });
    await first.core.call("pane.move", { pane: "p1", session: "main", name: "alone" });
    const before = await picture(first.core.call);
    first.store.close();
    await first.core.dispose();
    const second = await open();
    deepStrictEqual(await picture(second.core.call), before);
    second.store.close();
    await second.core.dispose();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
