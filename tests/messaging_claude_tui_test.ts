// A message to an idle Claude Code TUI (the real, pinned CLI against the mock Messages API) is
// typed into its prompt and becomes the user's turn, framed with who sent it. Claude Code
// reports its state through its status protocol (OSC 7501), so weft trusts its idle. A human's
// unsent draft in the prompt holds the message back until the prompt is empty again.
import { match, ok, strictEqual } from "node:assert/strict";
import { claudeBinary, claudeEnv, claudeUnavailable } from "./helpers/claude_code.ts";
import { mockAnthropic, text } from "./helpers/mock_anthropic.ts";
import { promptClearKeys, promptDraft } from "../protocols/agents/mod.ts";
import { eventually } from "./helpers/poll.ts";
import { E2E, withServer } from "./helpers/server.ts";

const TIMEOUT = 60_000;

/** The text of a request's last user turn. */
function lastUserText(body: { messages: { role: string; content: unknown }[] }): string {
  const last = body.messages.findLast((m) => m.role === "user");
  if (typeof last?.content === "string") return last.content;
  return (last?.content as { type: string; text?: string }[] ?? [])
    .map((b) => b.text ?? "").join("\n");
}

Deno.test({
  name: "messaging claude tui: a message to an idle agent becomes its next turn; a draft waits",
  ignore: claudeUnavailable() !== undefined,
  ...E2E,
  fn: () =>
    withServer(async ({ client, dir }) => {
      await using api = await mockAnthropic([text("Got it, thanks.")]);
      const env = await claudeEnv({ baseUrl: api.url, trust: [dir] });
      // The helper turns Claude Code's status protocol off; this test wants it.
      delete env.CLAUDE_CODE_DISABLE_TERMINAL_TITLE;
      await client.call("session.create", {
        argv: [await claudeBinary()],
        env,
        cwd: dir,
        name: "bob",
      });
      await client.call("pane.wait", { pane: "bob", match: "for shortcuts", timeout: TIMEOUT });
      // The screen heuristics may speak first; the status protocol takes over.
      await eventually("Claude Code to report idle itself", async () => {
        const s = await client.call<{ state: string; stateSource: string }>("pane.status", {
          pane: "bob",
        });
        return ["idle", "done"].includes(s.state) && s.stateSource === "status";
      }, { timeoutMs: TIMEOUT });

      // A human has typed a draft: the message must not be mixed into it.
      await client.call("pane.write", { pane: "bob", text: "half a thought" });
      await client.call("pane.wait", { pane: "bob", match: "half a thought", timeout: TIMEOUT });
      const sent = await client.call<{ message_id: string }>("message.send", {
        to: "bob",
        content: "please review a.ts",
        priority: "high",
      });
      // Proving that nothing happens needs a wait: three delivery retries' worth.
      await new Promise((r) => setTimeout(r, 5000));
      strictEqual(api.conversation().length, 0, "no turn while the draft is there");
      const screen = await client.call<{ text: string }>("pane.read", { pane: "bob" });
      ok(!screen.text.includes("please review"), screen.text);

      // The human clears the prompt; the message goes in as the next turn.
      await client.call("pane.write", { pane: "bob", keys: Array(14).fill("Backspace") });
      const turn = await eventually(
        "the mock to see the message as a turn",
        () => api.conversation()[0],
        { timeoutMs: TIMEOUT },
      );
      match(lastUserText(turn), /\[message from human, high\] please review a\.ts/);
      ok(!lastUserText(turn).includes("half a thought"), lastUserText(turn));
      await client.call("pane.wait", { pane: "bob", match: "Got it, thanks", timeout: TIMEOUT });
      // It counts as delivered: bob has nothing unread.
      await eventually("bob's inbox to be empty", async () => {
        const { agents } = await client.call<{ agents: { name: string; unread: number }[] }>(
          "message.agents",
          {},
        );
        return agents.find((a) => a.name === "bob")?.unread === 0;
      }, { timeoutMs: TIMEOUT });
      const log = await client.call<{ messages: { message_id: string }[] }>("message.log", {});
      ok(log.messages.some((m) => m.message_id === sent.message_id));
    }),
});

Deno.test({
  name: "messaging claude tui: the keys that take back undelivered text empty Claude Code's prompt",
  ignore: claudeUnavailable() !== undefined,
  ...E2E,
  fn: () =>
    withServer(async ({ client, dir }) => {
      await using api = await mockAnthropic([]);
      const env = await claudeEnv({ baseUrl: api.url, trust: [dir] });
      await client.call("session.create", {
        argv: [await claudeBinary()],
        env,
        cwd: dir,
        name: "bob",
      });
      await client.call("pane.wait", { pane: "bob", match: "for shortcuts", timeout: TIMEOUT });
      const draft = async () => {
        const { text } = await client.call<{ text: string }>("pane.read", { pane: "bob" });
        return promptDraft("claude", text.split("\n"));
      };
      const message = (n: number) => `[message from alice, high] line ${n} ${"x".repeat(30)}`;
      // Two framed messages as delivery types them (a paste), then one long enough to wrap
      // and many lines that Claude Code collapses into a `[Pasted text …]` row.
      for (
        const typed of [
          [message(1), message(2)].join("\n"),
          message(3).repeat(8),
          Array.from({ length: 30 }, (_, i) => message(i)).join("\n"),
        ]
      ) {
        await client.call("pane.write", { pane: "bob", text: typed });
        const shown = await eventually("the typed text in the prompt", async () => {
          const d = await draft();
          return d ? d : undefined;
        }, { timeoutMs: TIMEOUT });
        await client.call("pane.write", { pane: "bob", keys: promptClearKeys("claude", shown) });
        await eventually(
          `an empty prompt after erasing ${JSON.stringify(shown.slice(0, 60))}`,
          async () => (await draft()) === "",
          { timeoutMs: TIMEOUT },
        );
      }
      strictEqual(api.conversation().length, 0, "nothing was submitted");
    }),
});
