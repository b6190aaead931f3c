// A turn whose API calls fail (Claude Code exits 1 with `is_error: true` and nothing on stderr)
// is retried after a back-off and succeeds; the message queued behind it waits its turn; no
// message is lost or answered twice, and the next turn resumes the conversation.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { failure, mockAnthropic, text } from "./helpers/mock_anthropic.ts";
import { claudeUnavailable } from "./helpers/claude_code.ts";
import { E2E, withServer } from "./helpers/server.ts";
import { bridgeAgents, messageTexts, turnLog } from "./helpers/bridge.ts";

Deno.test({
  name: "bridge: a turn that fails on the API is retried and succeeds; nothing lost or doubled",
  ignore: claudeUnavailable() !== undefined,
  ...E2E,
  fn: async () => {
    let failing = true;
    let replies = 0;
    const requests: string[][] = [];
    await using api = await mockAnthropic([], {
      after: (req) => {
        const texts = messageTexts(req.messages);
        requests.push(texts);
        if (failing) return failure(400, "invalid_request_error", "mock: refused");
        return text(`reply ${++replies}`);
      },
    });
    const agents = await bridgeAgents(api.url, { A: {} });
    await withServer(async ({ client }) => {
      const log = await turnLog(client);
      const one = await client.call<{ id: string }>("bridge.send", { to: "A", text: "one" });
      const two = await client.call<{ id: string }>("bridge.send", { to: "A", text: "two" });
      const failed = await log.until(
        "the first try failing",
        (ev) => ev.find((e) => e.state === "failed"),
      );
      failing = false;
      strictEqual(failed.item, one.id);
      ok(failed.error?.includes("API Error: 400"), failed.error);
      strictEqual(failed.dead, false);
      await log.until(
        "both messages answered",
        (ev) => ev.filter((e) => e.state === "finished").length === 2,
      );
      const finished = log.events.filter((e) => e.state === "finished");
      deepStrictEqual(finished.map((e) => [e.item, e.reply]), [[one.id, "reply 1"], [
        two.id,
        "reply 2",
      ]]);
      // "two" waited for "one": it started only after "one" finished.
      const order = log.events.map((e) => `${e.item === one.id ? "one" : "two"}:${e.state}`);
      ok(order.indexOf("two:started") > order.indexOf("one:finished"), order.join(" "));
      // The turn for "two" resumed the session that "one" finally made, and carries it.
      const last = requests.at(-1)!;
      ok(
        last.includes("one") && last.includes("reply 1") && last.includes("two"),
        last.join(" | "),
      );
      strictEqual(last.filter((t) => t === "reply 1").length, 1);
      const { agents: listed } = await client.call<
        { agents: { turns: number; queued: number; dead: number }[] }
      >("bridge.list");
      deepStrictEqual(listed.map((a) => [a.turns, a.queued, a.dead]), [[2, 0, 0]]);
      const { dead } = await client.call<{ dead: unknown[] }>("bridge.dead");
      deepStrictEqual(dead, []);
      const tail = await client.call<{ turns: { state: string; error: string | null }[] }>(
        "bridge.tail",
        { agent: "A" },
      );
      const states = tail.turns.map((t) => t.state).reverse();
      strictEqual(states.at(-1), "ok");
      strictEqual(states.filter((s) => s === "ok").length, 2);
      ok(states.includes("failed"));
      await log.stop();
    }, { weft: { plugins: { bridge: { options: { agents, backoffMs: 200 } } } } });
  },
});
