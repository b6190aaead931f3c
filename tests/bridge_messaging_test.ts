// TUI agents, humans and headless bridge agents on one fabric: a message to a bridge agent
// becomes a turn, and its reply comes back as a message from that agent.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { mockAnthropic, text } from "./helpers/mock_anthropic.ts";
import { claudeUnavailable } from "./helpers/claude_code.ts";
import { E2E, withServer } from "./helpers/server.ts";
import { bridgeAgents, messageTexts, turnLog } from "./helpers/bridge.ts";
import { eventually } from "./helpers/poll.ts";

interface Info {
  message_id: string;
  from: string;
  to: string;
  content: string;
  reply_to: string | null;
}

Deno.test({
  name: "bridge: a message to a bridge agent is a turn; the reply comes back as a message",
  ignore: claudeUnavailable() !== undefined,
  ...E2E,
  fn: async () => {
    await using api = await mockAnthropic([], {
      after: (req) => text(`A heard: ${messageTexts(req.messages).at(-1)}`),
    });
    const agents = await bridgeAgents(api.url, { A: { description: "answers questions" } });
    await withServer(async ({ client }) => {
      const log = await turnLog(client);
      const { agents: known } = await client.call<{ agents: { name: string }[] }>(
        "message.agents",
      );
      ok(known.some((a) => a.name === "A"), JSON.stringify(known));
      const sent = await client.call<{ message_id: string; from: string }>("message.send", {
        to: "A",
        content: "what is 2+2?",
      });
      strictEqual(sent.from, "human");
      const wait = await client.call<{ message: Info }>("message.wait", { timeout: 120 });
      const m = wait.message;
      deepStrictEqual([m.from, m.content, m.reply_to], [
        "A",
        "A heard: what is 2+2?",
        sent.message_id,
      ]);
      // An answer to A's reply goes on in the same conversation, two hops further.
      await client.call("message.send", { to: "A", content: "sure?", reply_to: m.message_id });
      const third = await client.call<{ message: Info }>("message.wait", { timeout: 120 });
      deepStrictEqual([third.message.from, third.message.content], ["A", "A heard: sure?"]);
      const { turns } = await client.call<
        { turns: { text: string; hop: number; conversation: string }[] }
      >("bridge.tail", { agent: "A" });
      deepStrictEqual(turns.map((t) => [t.text, t.hop]), [["sure?", 3], ["what is 2+2?", 1]]);
      strictEqual(turns[0]!.conversation, turns[1]!.conversation);
      // bridge.send from a name that is not a bridge agent: the reply goes to its inbox too.
      await client.call("bridge.send", { to: "A", from: "human", text: "and 3+3?" });
      const second = await client.call<{ message: Info }>("message.wait", { timeout: 120 });
      deepStrictEqual([second.message.from, second.message.content], ["A", "A heard: and 3+3?"]);
      const finished = log.events.filter((e) => e.state === "finished");
      deepStrictEqual(finished.map((e) => e.routed), Array(3).fill("message:human"));
      // The bridge marks a reply sent once message.send has answered it, which can be after the
      // message reached the inbox.
      await eventually("three replies marked sent", async () => {
        const { replies } = await client.call<{ replies: { state: string }[] }>("bridge.replies");
        return replies.map((r) => r.state).join() === "sent,sent,sent";
      });
      // The bridge marked the messages for A read: nothing unread is left for it.
      const after = await client.call<{ agents: { name: string; unread: number }[] }>(
        "message.agents",
      );
      strictEqual(after.agents.find((a) => a.name === "A")?.unread, 0);
      await log.stop();
    }, { weft: { plugins: { bridge: { options: { agents, backoffMs: 200 } } } } });
  },
});
