import { deepStrictEqual, strictEqual, throws } from "node:assert/strict";
import type { Caller } from "../../protocols/bus/command_spec.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { WeftEvent } from "../../protocols/bus/events.ts";
import { EventHub } from "./events.ts";

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
  hub.publish("pane.output", "secret", "p1");
  hub.publish("layout.changed", { window: "w1" });
  deepStrictEqual(seen, [{ topic: "layout.changed", data: { window: "w1" } }]);
  strictEqual(hub.wants("pane.output", "p1"), false, "nobody pays for output nobody may see");
});

Deno.test("EventHub delivers pane events to a caller with pane:read and to in-process code", () => {
  const hub = new EventHub();
  const reader: Caller = { kind: "plugin", id: "watcher", grants: new Set(["pane:read"]) };
  const seen: string[] = [];
  hub.subscribe({ topics: ["pane.output"] }, (e) => seen.push(`reader ${e.data}`), reader);
  hub.subscribe({ topics: ["pane.*"] }, (e) => seen.push(`core ${e.data}`));
  hub.publish("pane.output", "x", "p1");
  deepStrictEqual(seen, ["reader x", "core x"]);
});
