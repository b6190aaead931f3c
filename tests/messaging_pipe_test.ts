// What one message costs in round trips to the messaging plugin's process
// (tests/helpers/pipe_crossings.ts): the messages that cross its pipe, both ways, from
// `message.send` until the delivery is reported and the agent idle again, with the real Claude
// Code (pinned), its hooks installed. Typed: the message goes into the idle agent's prompt.
// Hook: it goes in the answer of the PostToolUse hook of a tool the agent runs meanwhile. The
// bounds are counts, not times: more means a cut came back (the typed rung's prompt and
// transcript polled at a fixed 100 ms made one typed message cross 52 times).
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { claudeUnavailable } from "./helpers/claude_code.ts";
import { E2E, withServer } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";
import { crossedSince } from "../core/plugin/_crossings.ts";
import { hookCrossings, typedCrossings } from "./helpers/pipe_crossings.ts";

const ignore = claudeUnavailable() !== undefined;

/**
 * Most messages one typed delivery may send across the pipe: measured 26 here; the prompt and
 * transcript checks back off, so a loaded machine adds a few (52 when they polled at a fixed
 * 100 ms from the start, on an idle machine).
 */
const TYPED_BOUND = 44;
/** Most messages one hook hand-over may send across the pipe (measured 21-23). */
const HOOK_BOUND = 30;

Deno.test({
  name:
    `messaging pipe: a message typed into an idle agent crosses the plugin's pipe at most ${TYPED_BOUND} times`,
  ignore,
  ...E2E,
}, async () => {
  const { total, kinds } = await typedCrossings();
  console.error(`typed: ${total} crossings`, kinds);
  ok(total <= TYPED_BOUND, `${total} crossings: ${JSON.stringify(kinds)}`);
});

Deno.test({
  name:
    `messaging pipe: a message handed over in a hook's answer crosses the plugin's pipe at most ${HOOK_BOUND} times`,
  ignore,
  ...E2E,
}, async () => {
  const { total, kinds } = await hookCrossings();
  console.error(`hook: ${total} crossings`, kinds);
  ok(total <= HOOK_BOUND, `${total} crossings: ${JSON.stringify(kinds)}`);
});

Deno.test({
  name:
    "messaging pipe: panes that come, change and close are followed from their events, not read again per send",
  ...E2E,
  fn: () =>
    withServer(async ({ client, server }) => {
      type Agent = { name: string; pane: string | null; agent: string; status: string };
      const agents = async () =>
        (await client.call<{ agents: Agent[] }>("message.agents", {})).agents;
      // The plugin runs and has read the panes once.
      await agents();
      const before = server.host.crossings("message");
      const known = (what: string, test: (a: Agent[]) => boolean) =>
        eventually(what, async () => test(await agents()), { timeoutMs: 30_000 });
      const { pane } = await client.call<{ pane: string }>("session.create", {
        command: "sleep 600",
        name: "bob",
      });
      await known("bob", (a) => a.some((x) => x.name === "bob" && x.pane === pane));
      await client.call("message.send", { to: "bob", content: "one" });
      await client.call("pane.rename", { pane, name: "carol" });
      await known("carol", (a) => a.some((x) => x.name === "carol"));
      await client.call("pane.set", { pane, agent: "claude", tags: ["role=reviewer"] });
      await known("its kind", (a) => a.some((x) => x.name === "carol" && x.agent === "claude"));
      const sent = await client.call<{ recipients: string[] }>("message.send", {
        to: "@reviewer",
        content: "two",
      });
      deepStrictEqual(sent.recipients, ["carol"]);
      await client.call("pane.close", { pane });
      await known("carol gone", (a) => !a.some((x) => x.name === "carol"));
      const crossed = crossedSince(before, server.host.crossings("message"));
      strictEqual(crossed["in call pane.list"], undefined, JSON.stringify(crossed));
    }),
});
