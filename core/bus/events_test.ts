import { deepStrictEqual, throws } from "node:assert/strict";
import type { WeftEvent } from "../../protocols/bus/events.ts";
import { EventHub, isCoreTopic } from "./events.ts";

Deno.test("EventHub.publishAs() marks a plugin's event with its name", () => {
  const hub = new EventHub();
  const seen: WeftEvent[] = [];
  hub.subscribe({ topics: ["*"] }, (e) => seen.push(e));
  hub.publishAs("demo", "demo.done", { n: 1 }, "p1");
  hub.publish("pane.exited", { code: 0 }, "p1");
  deepStrictEqual(seen, [
    { topic: "demo.done", pane: "p1", publisher: "demo", data: { n: 1 } },
    { topic: "pane.exited", pane: "p1", data: { code: 0 } },
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
