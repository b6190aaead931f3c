// pane.canvas and pane.draw through a real Bus and Model: a canvas pane has no process, only
// its owner draws it, reads see what was drawn, and keys and sizes go to the owner as events.
import { deepStrictEqual, ok, rejects, strictEqual } from "node:assert/strict";
import type { Caller } from "../bus/mod.ts";
import type { PaneInfo } from "../model/mod.ts";
import { withCore } from "../../tests/helpers/core.ts";
import { canvasFrame, sgrOnly } from "./_canvas_frame.ts";

const PLUGIN: Caller = { kind: "plugin", id: "canvas", grants: new Set(["canvas:draw"]) };
const OTHER: Caller = { kind: "plugin", id: "other", grants: new Set(["canvas:draw"]) };
const NONE: Caller = { kind: "plugin", id: "none", grants: new Set(["pane:read"]) };

Deno.test("pane.canvas makes a pane with no process that only its owner draws", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    const info = await core.call<PaneInfo>("pane.canvas", { name: "board" }, PLUGIN);
    deepStrictEqual([info.id, info.canvas, info.pid, info.name], ["p2", "canvas", 0, "board"]);
    strictEqual(core.model.window("w1").focused, "p2");
    await core.call(
      "pane.draw",
      { pane: "board", lines: ["\x1b[1mhello\x1b[0m", "world"] },
      PLUGIN,
    );
    const read = await core.call<{ text: string }>("pane.read", { pane: "board" });
    deepStrictEqual(read.text.split("\n").slice(0, 2), ["hello", "world"]);
    const ansi = await core.call<{ text: string }>("pane.read", { pane: "board", ansi: true });
    // deno-lint-ignore no-control-regex
    ok(/\x1b\[[0-9;]*1mhello/.test(ansi.text), JSON.stringify(ansi.text.slice(0, 80)));
    await rejects(
      core.call("pane.draw", { pane: "board", lines: ["x"] }, OTHER),
      /it is canvas's canvas, not other's/,
    );
    await rejects(
      core.call("pane.draw", { pane: "board", lines: ["x"] }, NONE),
      /lacks canvas:draw/,
    );
    await rejects(core.call("pane.canvas", {}, NONE), /lacks canvas:draw/);
    await rejects(core.call("pane.draw", { pane: "p1", lines: ["x"] }, PLUGIN), /not a canvas/);
  });
});

Deno.test("a canvas pane's keys and resizes become events for its owner; pane.close ends it", async () => {
  await withCore(async (core) => {
    await core.call("session.create", {});
    const { id } = await core.call<PaneInfo>("pane.canvas", {}, PLUGIN);
    await core.call("pane.write", { pane: id, keys: ["Down"], text: "q" });
    const input = core.events.filter((e) => e.topic === "pane.canvas.input").map((e) => e.data);
    deepStrictEqual(input, [{ pane: id, owner: "canvas", data: "q" }, {
      pane: id,
      owner: "canvas",
      data: "\x1b[B",
    }]);
    await core.call("window.zoom", { pane: id, zoomed: true });
    const resized = core.events.filter((e) => e.topic === "pane.canvas.resized").at(-1);
    deepStrictEqual(resized?.data, { pane: id, owner: "canvas", cols: 120, rows: 40 });
    await core.call("pane.close", { pane: id });
    strictEqual(core.model.panes.has(id), false);
  });
});

Deno.test("sgrOnly() keeps colours and drops every other escape and control character", () => {
  strictEqual(
    sgrOnly("a\x1b[2Jb\x1b[10;1Hc\x1b]0;t\x07d\x07e\rf\x1b[38;5;1mg"),
    "abcdef\x1b[38;5;1mg",
  );
  strictEqual(sgrOnly("tab\there"), "tab here");
});

Deno.test("canvasFrame() addresses every row and clears what the lines do not fill", () => {
  const frame = canvasFrame(["x"], { rows: 2, title: "T\x1b[2J" });
  ok(frame.includes("\x1b]2;T\x07"));
  ok(frame.includes("\x1b[1;1H\x1b[0mx\x1b[0m\x1b[K\x1b[2;1H\x1b[0m\x1b[0m\x1b[K"));
});
