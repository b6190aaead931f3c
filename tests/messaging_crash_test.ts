// Durability: messages acknowledged by message.send survive a SIGKILL of the server that comes
// while sends are in flight; after the restart every acknowledged one is unread in its inbox.
import { ok, strictEqual } from "node:assert/strict";
import { eventually } from "./helpers/poll.ts";
import { E2E } from "./helpers/server.ts";
import { killHard, serveChild, tempProject } from "./helpers/serve_child.ts";

Deno.test({
  name: "messaging: a server killed with SIGKILL mid-sends keeps every acknowledged message",
  ...E2E,
  fn: async () => {
    const dir = await tempProject({
      plugins: { message: { options: { sendsPerSecond: 100_000, sendBurst: 100_000 } } },
    });
    const first = await serveChild(dir);
    const send = (i: number) =>
      first.client.call<{ message_id: string }>("message.send", {
        to: "human",
        content: `message ${i}`,
        as: "sender",
      });
    // The plugin starts after the server says it is ready.
    await eventually("the messaging plugin", () => send(-1).then(() => true, () => false), {
      timeoutMs: 60_000,
    });
    const acked: string[] = [];
    let stop = false;
    const senders = Array.from({ length: 8 }, async (_, k) => {
      for (let i = k; !stop; i += 8) {
        try {
          acked.push((await send(i)).message_id);
        } catch {
          return; // the server is gone
        }
      }
    });
    await eventually("100 acknowledged sends", () => acked.length >= 100, { timeoutMs: 60_000 });
    const known = [...acked];
    await killHard(first);
    stop = true;
    await Promise.all(senders);
    ok(acked.length >= known.length);

    const second = await serveChild(dir);
    try {
      const inbox = await eventually(
        "the inbox after the restart",
        () =>
          second.client.call<{ messages: { message_id: string }[]; remaining: number }>(
            "message.check",
            { limit: 1000 },
          ).catch(() => undefined),
        { timeoutMs: 60_000 },
      );
      const stored = new Set(inbox.messages.map((m) => m.message_id));
      const lost = acked.filter((id) => !stored.has(id));
      strictEqual(lost.length, 0, `${lost.length} of ${acked.length} acknowledged lost`);
      strictEqual(inbox.remaining, 0);
    } finally {
      await killHard(second);
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
