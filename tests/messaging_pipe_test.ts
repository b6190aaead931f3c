// What one message costs in round trips to the messaging plugin's process: the panes it
// delivers to are followed from their events, not read again per send. (How many messages a
// typed or handed-over message sends across the pipe depends on how long the agent takes, since
// the typed rung's checks back off in time: `deno task bench -- delivery-claude` prints them,
// pipe_crossings_per_typed_send and pipe_crossings_per_hook_send; a bound on them in a test would
// pass or fail with the machine's load.)
import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { E2E, withServer } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";
import { crossedSince } from "../core/plugin/_crossings.ts";

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
