// message.handover, the first rung's command, through the control socket (the hook door calls
// it the same way, as the pane): only the pane itself may take its messages; an answer that
// would come after the hook has gone on (`before` passed) takes nothing; else the waiting
// messages come back framed, once, marked delivered_via hook. A sleeping program set to be a
// Claude Code pane (pane.set agent) stands for the agent: nothing here needs its screen.
import { deepStrictEqual, rejects, strictEqual } from "node:assert/strict";
import { E2E, withServer } from "./helpers/server.ts";

Deno.test({
  name:
    "messaging: message.handover gives a pane's waiting messages to its own hook, once, in time",
  ...E2E,
  fn: () =>
    withServer(async ({ client, asPane }) => {
      const { pane } = await client.call<{ pane: string }>("session.create", {
        command: "sleep 600",
        name: "bob",
      });
      const { pane: other } = await client.call<{ pane: string }>("session.create", {
        command: "sleep 600",
      });
      await client.call("pane.set", { pane, agent: "claude" });
      const bob = await asPane(pane);
      const sent = await client.call<{ message_id: string }>("message.send", {
        to: "bob",
        content: "look at a.ts",
      });
      const input = (before: number) => ({ pane, agent: "claude", point: "tool", before });
      const mallory = await asPane(other);
      await rejects(
        mallory.call("message.handover", input(Date.now() + 60_000)),
        /DENIED|not its pane/,
      );
      // Too late: the hook has gone on; the message stays for another rung.
      deepStrictEqual(await bob.call("message.handover", input(Date.now() - 1)), {});
      deepStrictEqual(await bob.call("message.handover", input(Date.now() + 60_000)), {
        text: "[message from human] look at a.ts",
      });
      deepStrictEqual(await bob.call("message.handover", input(Date.now() + 60_000)), {});
      const got = await client.call<
        { receipts: { to: string; read: boolean; delivered_via?: string }[] }
      >(
        "message.get",
        { id: sent.message_id },
      );
      deepStrictEqual(got.receipts, [{
        to: "bob",
        read: true,
        delivery: "delivered",
        delivered_via: "hook",
      }]);
      const { messages } = await bob.call<{ messages: unknown[] }>("message.check", {});
      strictEqual(messages.length, 0);
      // The pane's state is only the screen's guess: the sender is told the message waits.
      const later = await client.call<{ delivery: { to: string; via: string; reason: string }[] }>(
        "message.send",
        { to: "bob", content: "and b.ts" },
      );
      strictEqual(later.delivery[0]?.via, "inbox");
      strictEqual(typeof later.delivery[0]?.reason, "string");
      // Read by asking (check_messages): delivered_via check.
      const checked = await bob.call<{ messages: { delivered_via?: string }[] }>(
        "message.check",
        {},
      );
      deepStrictEqual(checked.messages.map((m) => m.delivered_via), ["check"]);
    }),
});
