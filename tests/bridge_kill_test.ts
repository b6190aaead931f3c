// A turn interrupted half-way loses nothing: Claude Code killed mid-turn, or the weft server
// killed with SIGKILL mid-turn (and started again): the turn runs again once, answered once,
// and the conversation goes on in the same session.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { held, mockAnthropic, text } from "./helpers/mock_anthropic.ts";
import { claudeUnavailable } from "./helpers/claude_code.ts";
import { E2E, withServer } from "./helpers/server.ts";
import { killHard, serveChild, tempProject } from "./helpers/serve_child.ts";
import { bridgeAgents, messageTexts, turnLog, within } from "./helpers/bridge.ts";
import { eventually } from "./helpers/poll.ts";

/** A mock whose first request for the text "one" is held until `release`; it tells `arrived`. */
async function holdingMock() {
  let arrived!: () => void;
  const arrivedP = new Promise<void>((r) => (arrived = r));
  let release!: () => void;
  const releaseP = new Promise<void>((r) => (release = r));
  const lastTexts: string[][] = [];
  let replies = 0;
  const api = await mockAnthropic([], {
    after: (req) => {
      const texts = messageTexts(req.messages);
      lastTexts.push(texts);
      if (texts.at(-1) === "one" && lastTexts.filter((t) => t.at(-1) === "one").length === 1) {
        arrived();
        return held(releaseP, text("too late"));
      }
      return text(`reply ${++replies}`);
    },
  });
  return { api, arrived: arrivedP, release, lastTexts };
}

/** The process ids of `pid`'s children. */
async function children(pid: number): Promise<number[]> {
  const out: number[] = [];
  for await (const task of Deno.readDir(`/proc/${pid}/task`)) {
    const text = await Deno.readTextFile(`/proc/${pid}/task/${task.name}/children`).catch(() => "");
    out.push(...text.trim().split(/\s+/).filter(Boolean).map(Number));
  }
  return out;
}

Deno.test({
  name: "bridge: Claude Code killed mid-turn: the turn runs again, once, and the talk goes on",
  ignore: claudeUnavailable() !== undefined,
  ...E2E,
  fn: async () => {
    const mock = await holdingMock();
    await using _api = mock.api;
    const agents = await bridgeAgents(mock.api.url, { A: {} });
    await withServer(async ({ client }) => {
      const log = await turnLog(client);
      const one = await client.call<{ id: string }>("bridge.send", { to: "A", text: "one" });
      const started = await log.until(
        "the turn's start",
        (ev) => ev.find((e) => e.state === "started"),
      );
      await within(mock.arrived, 120_000, "the turn's request at the mock");
      const { pid } = await client.call<{ pid: number }>("pane.status", { pane: started.pane });
      const [claude] = await children(pid);
      ok(claude, `the runner (pid ${pid}) has a child`);
      Deno.kill(claude, "SIGKILL");
      const failed = await log.until(
        "the killed try",
        (ev) => ev.find((e) => e.state === "failed"),
      );
      ok(failed.error?.includes("SIGKILL"), failed.error);
      mock.release();
      await log.until("the retry's answer", (ev) => ev.find((e) => e.state === "finished"));
      await client.call("bridge.send", { to: "A", text: "two" });
      await log.until(
        "the second message's answer",
        (ev) => ev.filter((e) => e.state === "finished").length === 2,
      );
      const finished = log.events.filter((e) => e.state === "finished");
      deepStrictEqual(finished.map((e) => e.reply), ["reply 1", "reply 2"]);
      strictEqual(finished[0]!.item, one.id);
      const last = mock.lastTexts.at(-1)!;
      ok(last.includes("reply 1") && last.at(-1) === "two", last.join(" | "));
      await log.stop();
    }, { weft: { plugins: { bridge: { options: { agents, backoffMs: 100 } } } } });
  },
});

Deno.test({
  name: "bridge: the server killed with SIGKILL mid-turn: after restart the turn runs once more",
  ignore: claudeUnavailable() !== undefined,
  ...E2E,
  fn: async () => {
    const mock = await holdingMock();
    await using _api = mock.api;
    const agents = await bridgeAgents(mock.api.url, { A: {} });
    const dir = await tempProject({ plugins: { bridge: { options: { agents, backoffMs: 100 } } } });
    try {
      const first = await serveChild(dir);
      const one = await first.client.call<{ id: string }>("bridge.send", { to: "A", text: "one" });
      await within(mock.arrived, 120_000, "the turn's request at the mock");
      await killHard(first);
      mock.release();
      const second = await serveChild(dir);
      try {
        const log = await turnLog(second.client);
        const done = await eventually("the message answered after the restart", async () => {
          const tail = await second.client.call<
            { turns: { item: string; state: string; reply: string | null }[] }
          >(
            "bridge.tail",
            { agent: "A" },
          );
          return tail.turns.find((t) => t.item === one.id && t.state === "ok");
        }, { timeoutMs: 120_000 });
        strictEqual(done.reply, "reply 1");
        const two = await second.client.call<{ id: string }>("bridge.send", {
          to: "A",
          text: "two",
        });
        await log.until(
          "the next message's answer",
          (ev) => ev.find((e) => e.state === "finished" && e.item === two.id),
        );
        const asked = mock.lastTexts.filter((t) => t.at(-1) === "one").length;
        strictEqual(asked, 2, "the held try, then the retry after the restart: no third run");
        const last = mock.lastTexts.at(-1)!;
        ok(last.includes("reply 1") && last.at(-1) === "two", last.join(" | "));
        const tail = await second.client.call<{ turns: { state: string; error: string | null }[] }>(
          "bridge.tail",
          { agent: "A" },
        );
        ok(tail.turns.some((t) => t.state === "failed" && t.error?.includes("interrupted")));
        await log.stop();
      } finally {
        await killHard(second);
      }
    } finally {
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
