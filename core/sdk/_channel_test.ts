import { deepStrictEqual, rejects, strictEqual } from "node:assert/strict";
import type { PluginMessage } from "../../protocols/plugin/mod.ts";
import { Channel } from "./_channel.ts";
import { type HandlerScope, inHandler } from "./_scope.ts";

function channel(): { sent: PluginMessage[]; channel: Channel } {
  const sent: PluginMessage[] = [];
  return { sent, channel: new Channel("demo", (m) => sent.push(m)) };
}

Deno.test("Channel context's call names the handler it runs in as the parent, else none", () => {
  const { sent, channel: c } = channel();
  const ctx = c.context([], {});
  void ctx.call("pane.read", {});
  const scope: HandlerScope = { id: "c7", name: "demo.peek", done: false };
  inHandler(scope, () => void ctx.call("pane.create", {}));
  deepStrictEqual(sent.map((m) => m.type === "call" ? m.parent ?? null : "?"), [null, "c7"]);
});

Deno.test("Channel refuses a call made for a handler that has returned, and detached() is free", async () => {
  const { sent, channel: c } = channel();
  const ctx = c.context([], {});
  const scope: HandlerScope = { id: "c8", name: "demo.later", done: true };
  await inHandler(scope, async () => {
    await rejects(
      ctx.call("pane.create", {}),
      /CANCELLED|it was made for "demo\.later", which has returned/,
    );
    void ctx.detached(() => ctx.call("pane.create", {}));
  });
  strictEqual(sent.length, 1);
  strictEqual(sent[0]?.type === "call" && sent[0].parent, undefined);
});

Deno.test("Channel tells a subscription's dropped listener of lost events, or logs the loss", () => {
  const { sent, channel: c } = channel();
  const ctx = c.context(["pane:read"], {});
  let told = 0;
  ctx.subscribe({ topics: ["pane.output"] }, () => {}, { dropped: () => told++ });
  ctx.subscribe({ topics: ["pane.output"] }, () => {});
  const ids = sent.flatMap((m) => m.type === "subscribe" ? [m.id] : []);
  c.droppedEvents(ids[0]!);
  strictEqual(told, 1);
  c.droppedEvents(ids[1]!);
  const logs = sent.flatMap((m) => m.type === "log" ? [`${m.level}: ${m.message}`] : []);
  deepStrictEqual(logs, [
    "warn: events were dropped: this plugin read them more slowly than they came",
  ]);
  c.droppedEvents("s-unknown"); // after an unsubscribe: nothing
  strictEqual(sent.filter((m) => m.type === "log").length, 1);
});
