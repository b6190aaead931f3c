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
