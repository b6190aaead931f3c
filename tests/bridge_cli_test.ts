// `weft bridge …` against a running server, with the stub `claude` (answers at once, or fails
// like an API error with STUB_FAIL=1): add, send, ls, tail, inject, dead letters and retry.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { E2E, withServer } from "./helpers/server.ts";
import { stubPath, turnLog, within } from "./helpers/bridge.ts";
import { weftInProcess } from "./helpers/cli.ts";
import { eventually } from "./helpers/poll.ts";

stubPath();

Deno.test({
  name: "weft bridge: add, send, ls, tail, inject; a failing agent's dead letter and its retry",
  ...E2E,
  fn: async () => {
    const failing = { headless: true, env: { STUB_FAIL: "1" } };
    await withServer(async ({ client, dir }) => {
      const log = await turnLog(client);
      const weft = (...args: string[]) => weftInProcess(dir, "bridge", ...args);
      const added = await weft("add", "scout", "--headless", "--model", "m1", "--env", "A=1=2");
      strictEqual(added.code, 0, added.err);
      ok(added.out.startsWith("added scout (session "), added.out);
      await weft("add", "critic", "--headless");
      const listed = await weft("ls", "--json");
      const scout = (JSON.parse(listed.out) as { agents: { name: string; settings: unknown }[] })
        .agents.find((a) => a.name === "scout");
      deepStrictEqual(scout?.settings, { headless: true, model: "m1", env: { A: "…" } });
      const sent = await weft("send", "scout", "look", "around", "--json");
      const { id } = JSON.parse(sent.out) as { id: string };
      await log.until(
        "scout's answer",
        (ev) => ev.find((e) => e.item === id && e.state === "finished"),
      );
      const ls = await weft("ls");
      ok(/scout\s+idle\s+1\s+0\s+0\s+headless\s+\S+\s+ok/.test(ls.out), ls.out);
      ok(/failer\s+\S+\s+0/.test(ls.out), ls.out);
      const tail = await weft("tail", "scout");
      ok(tail.out.includes("look around") && tail.out.includes("claude: pong 1"), tail.out);
      const injected = await weft("inject", "--as", "critic", "scout", "again", "--max-hops", "2");
      strictEqual(injected.code, 0, injected.err);
      await log.until(
        "scout answering critic, critic's answer stopped at 2 hops",
        (ev) => ev.find((e) => e.agent === "critic" && e.state === "finished"),
      );
      const critic = await weft("tail", "critic", "--json");
      const turns = (JSON.parse(critic.out) as { turns: { text: string; reply: string }[] }).turns;
      deepStrictEqual(turns.map((t) => [t.text, t.reply]), [["pong 1", "pong 1"]]);
      // A failing agent: two tries (maxTries 2), then a dead letter; retry queues it again.
      await weft("send", "failer", "doomed");
      await log.until("the dead letter", (ev) => ev.find((e) => e.dead));
      const dead = await weft("dead", "--json");
      const [letter] =
        (JSON.parse(dead.out) as { dead: { id: string; tries: number; error: string }[] }).dead;
      strictEqual(letter?.tries, 2);
      ok(letter.error.includes("API Error: 500 stub"), letter.error);
      const shown = await weft("dead");
      ok(shown.out.includes(letter.id) && shown.out.includes("failer"), shown.out);
      const retried = await weft("retry", letter.id.slice(0, 8));
      strictEqual(retried.out, `queued ${letter.id} for failer again\n`);
      await log.until(
        "the retried letter dead again",
        (ev) => ev.filter((e) => e.dead).length === 2,
      );
      // tail --follow prints the agent's events as they come (the stub thinks for 3 s, well past
      // the moment the follower subscribes; a follower that missed it fails here, not hangs).
      await weft("send", "slow", "think");
      const followed = await within(
        weft("tail", "slow", "--follow", "--count", "1"),
        30_000,
        "tail --follow to print the turn's end",
      );
      ok(/^finished [0-9a-f]{8} → pong 1$/m.test(followed.out), followed.out);
      const bad = await weft("send", "nobody", "hi");
      strictEqual(bad.code, 1);
      ok(bad.err.includes("no such bridge agent"), bad.err);
      const usage = await weft("inject", "scout", "hi");
      strictEqual(usage.code, 2);
      await log.stop();
    }, {
      weft: {
        plugins: {
          bridge: {
            options: {
              agents: { failer: failing, slow: { headless: true, env: { STUB_SLEEP: "3" } } },
              maxTries: 2,
              backoffMs: 20,
            },
          },
        },
      },
    });
  },
});

Deno.test({
  name: "bridge.send from a pane without `from`: the reply comes to that pane's inbox",
  ...E2E,
  fn: async () => {
    await withServer(async ({ client, asPane: connectAs }) => {
      const log = await turnLog(client);
      const pane = await client.call<{ pane: string }>("session.create", {
        argv: ["sleep", "600"],
      });
      const asPane = await connectAs(pane.pane);
      try {
        const { id } = await asPane.call<{ id: string }>("bridge.send", {
          to: "scout",
          text: "hi",
        });
        const done = await log.until(
          "the turn",
          (ev) => ev.find((e) => e.item === id && e.state === "finished"),
        );
        strictEqual(done.routed, `message:${pane.pane}`);
        const got = await asPane.call<{ message: { from: string; content: string } }>(
          "message.wait",
          { timeout: 30 },
        );
        deepStrictEqual([got.message.from, got.message.content], ["scout", "pong 1"]);
      } finally {
        asPane.close();
      }
      await log.stop();
    }, { weft: { bridge: { agents: { scout: { headless: true } } } } });
  },
});

Deno.test({
  name: "bridge: without the messaging plugin a reply for a human is kept, marked undelivered",
  ...E2E,
  fn: async () => {
    await withServer(async ({ client, dir }) => {
      const log = await turnLog(client);
      const { id } = await client.call<{ id: string }>("bridge.send", {
        to: "scout",
        from: "human",
        text: "hi",
      });
      await log.until("the turn", (ev) => ev.find((e) => e.item === id && e.state === "finished"));
      // Stored as pending with the turn; marked undelivered once message.send was refused.
      const replies = await eventually("the reply marked undelivered", async () => {
        const r = await weftInProcess(dir, "bridge", "replies");
        return r.out.includes("undelivered") && r;
      });
      ok(
        /scout\s+human\s+undelivered\s+pong 1\s+the messaging plugin is not running/.test(
          replies.out,
        ),
        replies.out,
      );
      await log.stop();
    }, {
      weft: { plugins: { message: false }, bridge: { agents: { scout: { headless: true } } } },
    });
  },
});
