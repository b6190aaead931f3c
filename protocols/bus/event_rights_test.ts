import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { mayReceive, refusedTopics } from "./event_rights.ts";

Deno.test("mayReceive() needs pane:read for pane events and message:read for messages", () => {
  strictEqual(mayReceive("pane.output", new Set()), false);
  strictEqual(mayReceive("pane.output", new Set(["pane:read"])), true);
  strictEqual(mayReceive("message.received", new Set(["pane:read"])), false);
  strictEqual(mayReceive("message.received", new Set(["message:read"])), true);
});

Deno.test("mayReceive() lets anyone see layout and plugin events and nobody see unknown ones", () => {
  strictEqual(mayReceive("layout.changed", new Set()), true);
  strictEqual(mayReceive("plugin.crashed", new Set()), true);
  strictEqual(mayReceive("secret.leak", new Set(["pane:read", "message:read"])), false);
  strictEqual(mayReceive("secret.leak", "all"), true);
});

Deno.test("refusedTopics() judges exact topics and prefix patterns, never the catch-all", () => {
  deepStrictEqual(refusedTopics(["pane.*", "layout.*", "secret.x", "*"], new Set()), [
    { topic: "pane.*", needs: "pane:read" },
    { topic: "secret.x", needs: "every right" },
  ]);
  deepStrictEqual(refusedTopics(["pane.output"], new Set(["pane:read"])), []);
  deepStrictEqual(refusedTopics(["secret.x"], "all"), []);
});
