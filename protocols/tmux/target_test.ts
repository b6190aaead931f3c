import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { parseTarget, resolveTarget, type TargetWorld } from "./target.ts";

Deno.test("parseTarget() splits tmux's target forms", () => {
  assertEquals(parseTarget(undefined, "pane"), { session: null, window: null, pane: null });
  assertEquals(parseTarget("%3", "pane"), { session: null, window: null, pane: "%3" });
  assertEquals(parseTarget("@2", "window"), { session: null, window: "@2", pane: null });
  assertEquals(parseTarget("@2.1", "pane"), { session: null, window: "@2", pane: "1" });
  assertEquals(parseTarget("$1", "pane"), { session: "$1", window: null, pane: null });
  assertEquals(parseTarget("main:1.2", "pane"), { session: "main", window: "1", pane: "2" });
  assertEquals(parseTarget("main:", "window"), { session: "main", window: null, pane: null });
  assertEquals(parseTarget(":.+", "pane"), { session: null, window: null, pane: "+" });
  assertEquals(parseTarget("main", "session"), { session: "main", window: null, pane: null });
  assertEquals(parseTarget("editor", "window"), { session: null, window: "editor", pane: null });
  assertEquals(parseTarget("{last}", "pane"), { session: null, window: null, pane: "{last}" });
});

const world: TargetWorld = {
  sessions: [{ id: 1, name: "main" }, { id: 4, name: "other" }],
  windows: [
    { id: 2, session: 1, index: 0, name: "bash", active: true },
    { id: 5, session: 1, index: 1, name: "editor", active: false },
    { id: 6, session: 4, index: 0, name: "x", active: true },
  ],
  panes: [
    { id: 3, window: 2, index: 0, active: false },
    { id: 7, window: 2, index: 1, active: true },
    { id: 8, window: 5, index: 0, active: true },
    { id: 9, window: 6, index: 0, active: true },
  ],
  current: 3,
};

function r(text: string | undefined, kind: "pane" | "window" | "session" = "pane") {
  return resolveTarget(parseTarget(text, kind), world, kind);
}

Deno.test("resolveTarget() finds ids, indexes, names and the calling pane", () => {
  assertEquals(r(undefined), { ok: true, session: 1, window: 2, pane: 3 });
  assertEquals(r("%8"), { ok: true, session: 1, window: 5, pane: 8 });
  assertEquals(r("@6"), { ok: true, session: 4, window: 6, pane: 9 });
  assertEquals(r("main:1"), { ok: true, session: 1, window: 5, pane: 8 });
  assertEquals(r("main:0.1"), { ok: true, session: 1, window: 2, pane: 7 });
  assertEquals(r("other:", "window"), { ok: true, session: 4, window: 6, pane: 9 });
  assertEquals(r("$4", "session"), { ok: true, session: 4, window: 6, pane: 9 });
  assertEquals(r("editor"), { ok: true, session: 1, window: 5, pane: 8 });
  assertEquals(r("other"), { ok: true, session: 4, window: 6, pane: 9 });
});

Deno.test("resolveTarget() moves relative to the calling pane", () => {
  assertEquals(r(":.+"), { ok: true, session: 1, window: 2, pane: 7 });
  assertEquals(r("{last}"), { ok: true, session: 1, window: 2, pane: 7 });
});

Deno.test("resolveTarget() fails with tmux's words", () => {
  assertEquals(r("%99"), { ok: false, error: "can't find pane: %99" });
  assertEquals(r("nope", "session"), { ok: false, error: "can't find session: nope" });
  assertEquals(r("main:9"), { ok: false, error: "can't find window: 9" });
});

Deno.test("resolveTarget() takes a bare window target as a window, then a session", () => {
  assertEquals(r("editor", "window"), { ok: true, session: 1, window: 5, pane: 8 });
  assertEquals(r("other", "window"), { ok: true, session: 4, window: 6, pane: 9 });
  assertEquals(r("nope", "window"), { ok: false, error: "can't find window: nope" });
});
