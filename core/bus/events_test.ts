import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
import type { Caller } from "../../protocols/bus/command_spec.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { WeftEvent } from "../../protocols/bus/events.ts";
import { EventHub, isCoreTopic } from "./events.ts";

const narrowed: Caller = { kind: "socket", id: "c1", grants: new Set(["layout:write"]) };

Deno.test("EventHub.subscribe() refuses a topic the caller may not receive, with DENIED", () => {
  const hub = new EventHub();
  throws(
    () => hub.subscribe({ topics: ["layout.*", "pane.output"] }, () => {}, narrowed),
    (err: unknown) => {
      strictEqual(err instanceof WeftError && err.code, "DENIED");
      strictEqual(
        (err as WeftError).message,
        'Cannot subscribe to "pane.output" (needs pane:read): socket caller "c1" lacks the right',
      );
      return true;
    },
  );
  throws(() => hub.subscribe({ topics: ["pane.*"] }, () => {}, narrowed), /pane:read/);
  throws(() => hub.subscribe({ topics: ["secret.x"] }, () => {}, narrowed), /every right/);
  strictEqual(hub.wants("layout.changed"), false, "a refused subscription is not half made");
});

Deno.test("EventHub gives a narrowed caller's catch-all only the topics it may receive", () => {
  const hub = new EventHub();
  const seen: WeftEvent[] = [];
  hub.subscribe({ topics: ["*"] }, (e) => seen.push(e), narrowed);
  hub.publish("pane.output", { pane: "p1", data: "secret" }, "p1");
  hub.publish("layout.changed", { window: "w1", layout: null });
  deepStrictEqual(seen, [{ topic: "layout.changed", data: { window: "w1", layout: null } }]);
  strictEqual(hub.wants("pane.output", "p1"), false, "nobody pays for output nobody may see");
});

Deno.test("EventHub delivers pane events to a caller with pane:read and to in-process code", () => {
  const hub = new EventHub();
  const reader: Caller = { kind: "plugin", id: "watcher", grants: new Set(["pane:read"]) };
  const seen: string[] = [];
  hub.subscribe(
    { topics: ["pane.output"] },
    (e) => seen.push(`reader ${(e.data as { data: string }).data}`),
    reader,
  );
  hub.subscribe(
    { topics: ["pane.*"] },
    (e) => seen.push(`core ${(e.data as { data: string }).data}`),
  );
  hub.publish("pane.output", { pane: "p1", data: "x" }, "p1");
  deepStrictEqual(seen, ["reader x", "core x"]);
});

Deno.test("EventHub gives a canvas's keys to its owner only, not to other pane readers", () => {
  const hub = new EventHub();
  const seen: string[] = [];
  const subscriber = (caller: Caller, topics = ["pane.*"]) =>
    hub.subscribe({ topics }, (e) => seen.push(`${caller.id} ${e.topic}`), caller);
  const grants = new Set(["pane:read"] as const);
  subscriber({ kind: "plugin", id: "canvas", grants });
  subscriber({ kind: "plugin", id: "spy", grants }, ["pane.canvas.input", "pane.canvas.*"]);
  subscriber({ kind: "socket", id: "canvas", grants: "all" }, ["*"]);
  hub.subscribe({ topics: ["pane.*"] }, (e) => seen.push(`core ${e.topic}`));
  hub.publish("pane.canvas.input", { pane: "p2", owner: "canvas", data: "q" }, "p2");
  hub.publish("pane.canvas.resized", { pane: "p2", owner: "socket:c9", cols: 1, rows: 1 }, "p2");
  // A payload without its owner (not one the core sends): delivered to no plugin.
  hub.publish("pane.canvas.input", { pane: "p2", data: "no owner" } as never, "p2");
  deepStrictEqual(seen, [
    "canvas pane.canvas.input",
    "core pane.canvas.input",
    "core pane.canvas.resized",
    "core pane.canvas.input",
  ]);
});

Deno.test("EventHub.publishAs() marks a plugin's event with its name", () => {
  const hub = new EventHub();
  const seen: WeftEvent[] = [];
  hub.subscribe({ topics: ["*"] }, (e) => seen.push(e));
  hub.publishAs("demo", "demo.done", { n: 1 }, "p1");
  hub.publish("pane.exited", { pane: "p1", code: 0, signal: null }, "p1");
  deepStrictEqual(seen, [
    { topic: "demo.done", pane: "p1", publisher: "demo", data: { n: 1 } },
    { topic: "pane.exited", pane: "p1", data: { pane: "p1", code: 0, signal: null } },
  ]);
});

Deno.test("EventHub.publishAs() refuses another owner's topics and every core topic", () => {
  const hub = new EventHub();
  const seen: WeftEvent[] = [];
  hub.subscribe({ topics: ["*"] }, (e) => seen.push(e));
  throws(() => hub.publishAs("demo", "other.x", {}), /Cannot publish "other\.x": plugin "demo"/);
  throws(() => hub.publishAs("demo", "demonic.x", {}), /may only publish "demo\.\*"/);
  for (const [plugin, topic] of [["pane", "pane.output"], ["layout", "layout.changed"]]) {
    throws(() => hub.publishAs(plugin!, topic!, "forged"), /never the core's/);
  }
  deepStrictEqual(seen, []);
});

Deno.test("isCoreTopic() knows the core's prefixes and layout.changed, not plugin topics", () => {
  for (const t of ["session.created", "pane.output", "focus.changed", "plugin.crashed"]) {
    deepStrictEqual(isCoreTopic(t), true);
  }
  deepStrictEqual(isCoreTopic("layout.changed"), true);
  deepStrictEqual(isCoreTopic("layout.applied"), false);
  deepStrictEqual(isCoreTopic("sideband.ran"), false);
});
