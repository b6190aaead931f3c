// Two bridge agents converse through the real Claude Code CLI (headless `claude -p` turns in
// panes) against the mock Messages API: three turns each, every later turn resumed, and every
// resumed request carries the earlier turns of that agent's conversation.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { mockAnthropic, text } from "./helpers/mock_anthropic.ts";
import { claudeUnavailable } from "./helpers/claude_code.ts";
import { E2E, withServer } from "./helpers/server.ts";
import { agentOf, bridgeAgents, messageTexts, turnLog } from "./helpers/bridge.ts";

Deno.test({
  name: "bridge: two agents exchange three turns each, each turn resumed with the earlier ones",
  ignore: claudeUnavailable() !== undefined,
  ...E2E,
  fn: async () => {
    const counts: Record<string, number> = {};
    const problems: string[] = [];
    const seen: Record<string, string[][]> = {};
    await using api = await mockAnthropic([], {
      after: (req) => {
        const agent = agentOf(req.system) ?? "?";
        const n = (counts[agent] = (counts[agent] ?? 0) + 1);
        const texts = messageTexts(req.messages);
        (seen[agent] ??= []).push(texts);
        // The k-th turn of an agent carries its k prompts and its k-1 earlier replies.
        for (let k = 1; k < n; k++) {
          if (!texts.includes(`${agent} reply ${k}`)) {
            problems.push(
              `${agent} turn ${n} lacks "${agent} reply ${k}": ${JSON.stringify(texts)}`,
            );
          }
        }
        return text(`${agent} reply ${n}`);
      },
    });
    const agents = await bridgeAgents(api.url, { A: {}, B: {} });
    await withServer(async ({ client }) => {
      const log = await turnLog(client);
      const sent = await client.call<{ id: string; maxHops: number }>("bridge.inject", {
        as: "A",
        to: "B",
        text: "Let us count.",
        max_hops: 6,
      });
      strictEqual(sent.maxHops, 6);
      const last = await log.until(
        "the sixth turn stopped by the hop limit",
        (ev) => ev.find((e) => e.state === "finished" && e.routed?.startsWith("stopped")),
        240_000,
      );
      strictEqual(last?.agent, "A");
      strictEqual(last?.reply, "A reply 3");
      const finished = log.events.filter((e) => e.state === "finished");
      deepStrictEqual(finished.map((e) => `${e.agent}:${e.reply}`), [
        "B:B reply 1",
        "A:A reply 1",
        "B:B reply 2",
        "A:A reply 2",
        "B:B reply 3",
        "A:A reply 3",
      ]);
      deepStrictEqual(log.events.filter((e) => e.state === "failed"), []);
      deepStrictEqual(problems, []);
      // B's second turn was A's first reply, its third A's second.
      ok(seen.B![1]!.join("\n").includes("A reply 1"), seen.B![1]!.join("\n"));
      ok(seen.B![2]!.join("\n").includes("A reply 2"), seen.B![2]!.join("\n"));
      const { agents: listed } = await client.call<
        { agents: { name: string; turns: number; queued: number }[] }
      >(
        "bridge.list",
      );
      deepStrictEqual(listed.map((a) => [a.name, a.turns, a.queued]), [["A", 3, 0], ["B", 3, 0]]);
      const tail = await client.call<{ transcript: string; turns: unknown[] }>("bridge.tail", {
        agent: "A",
      });
      ok(tail.transcript.includes("A reply 3"), tail.transcript);
      strictEqual(tail.turns.length, 3);
      // A's last turn ran in its pane: a readable transcript there, not the stream's JSON.
      const lastPane = log.events.findLast((e) => e.agent === "A" && e.state === "started")!.pane!;
      const screen = await client.call<{ text: string }>("pane.read", {
        pane: lastPane,
        mode: "history",
      });
      ok(screen.text.includes("claude: A reply 3"), screen.text);
      ok(screen.text.includes("you: B reply 3") && screen.text.includes("✓ done"), screen.text);
      ok(!screen.text.includes('{"type"'), screen.text);
      await log.stop();
    }, { weft: { bridge: { agents, backoffMs: 200 } } });
  },
});
