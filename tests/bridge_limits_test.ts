// The bridge's limits and refusals, with a stub `claude` that answers at once: a loop between
// two agents ends at the hop limit; an unknown agent, an empty text, a directory that does not
// exist and a program that is not installed are clear errors.
import { deepStrictEqual, ok, rejects, strictEqual } from "node:assert/strict";
import { E2E, withServer } from "./helpers/server.ts";
import { stubPath, turnLog } from "./helpers/bridge.ts";
import type { WeftError } from "../protocols/bus/errors.ts";

// Headless agents run `claude` from PATH: the stub's folder comes first (this file's process).
const STUB = stubPath();

function bridgeConfig(agents: Record<string, unknown>, more: Record<string, unknown> = {}) {
  return { plugins: { bridge: { options: { agents, backoffMs: 50, ...more } } } };
}

Deno.test({
  name: "bridge: two agents answering each other stop at the hop limit (20 by default)",
  ...E2E,
  fn: async () => {
    const agent = { headless: true, env: { STUB_DIR: await Deno.makeTempDir() } };
    await withServer(async ({ client }) => {
      const log = await turnLog(client);
      await client.call("bridge.inject", { as: "A", to: "B", text: "ping" });
      const last = await log.until(
        "the loop stopped",
        (ev) => ev.find((e) => e.state === "finished" && e.routed?.startsWith("stopped")),
        60_000,
      );
      strictEqual(last.routed, "stopped: hop limit 20 reached");
      const finished = log.events.filter((e) => e.state === "finished");
      strictEqual(finished.length, 20);
      deepStrictEqual(
        finished.map((e) => e.agent).join(""),
        "BA".repeat(10),
      );
      strictEqual(finished.at(-1)!.reply, "pong 10");
      // Proves that nothing more happens: no turn starts after the stop (a short look).
      await new Promise((r) => setTimeout(r, 300));
      strictEqual(log.events.filter((e) => e.state === "started").length, 20);
      const { agents } = await client.call<{ agents: { queued: number; turns: number }[] }>(
        "bridge.list",
      );
      deepStrictEqual(agents.map((a) => [a.turns, a.queued]), [[10, 0], [10, 0]]);
      await log.stop();
    }, { weft: bridgeConfig({ A: agent, B: agent }) });
  },
});

Deno.test({
  name: "bridge: unknown agents, empty texts, missing directories and programs are clear errors",
  ...E2E,
  fn: async () => {
    await withServer(async ({ client }) => {
      const log = await turnLog(client);
      await rejects(
        client.call("bridge.send", { to: "Bob", text: "hi" }),
        (err: WeftError) =>
          err.code === "NOT_FOUND" &&
          /Cannot send to "Bob": no such bridge agent/.test(err.message),
      );
      await rejects(
        client.call("bridge.send", { to: "Alice", text: "hi" }),
        (err: WeftError) => err.code === "NOT_FOUND" && err.message.includes('"Alicia"'),
      );
      await rejects(
        client.call("bridge.send", { to: "Alicia", text: "  \n" }),
        (err: WeftError) => err.code === "INVALID_INPUT" && err.message.includes("text is empty"),
      );
      await rejects(
        client.call("bridge.inject", { as: "Nobody", to: "Alicia", text: "hi" }),
        (err: WeftError) => err.code === "NOT_FOUND" && err.message.includes('inject as "Nobody"'),
      );
      await rejects(
        client.call("bridge.add", { name: "C", cwd: "no/such/dir" }),
        (err: WeftError) =>
          err.code === "INVALID_INPUT" && /cwd ".*no\/such\/dir" does not exist/.test(err.message),
      );
      await rejects(
        client.call("bridge.add", { name: "Alicia" }),
        (err: WeftError) => err.code === "CONFLICT",
      );
      await rejects(
        client.call("bridge.add", { name: "bad name" }),
        (err: WeftError) => err.code === "INVALID_INPUT",
      );
      await rejects(
        client.call("bridge.remove", { name: "Alicia" }),
        (err: WeftError) => err.code === "CONFLICT" && err.message.includes("deno.json names it"),
      );
      // A program that is not installed: the message is dead at once, saying what to install.
      const d = await client.call<{ messaging: string }>("bridge.add", {
        name: "D",
        program: "claude-not-installed-here",
      });
      strictEqual(d.messaging, "registered");
      const sent = await client.call<{ id: string }>("bridge.send", { to: "D", text: "hi" });
      const failed = await log.until(
        "the dead letter",
        (ev) => ev.find((e) => e.state === "failed"),
        60_000,
      );
      strictEqual(failed.dead, true);
      ok(failed.error?.includes("npm install -g @anthropic-ai/claude-code"), failed.error);
      const { dead } = await client.call<{ dead: { id: string; error: string }[] }>("bridge.dead");
      deepStrictEqual(dead.map((d) => d.id), [sent.id]);
      await log.stop();
    }, { weft: bridgeConfig({ Alicia: { program: STUB } }) });
  },
});

Deno.test({
  name: "bridge: a turn past its time limit is ended and fails, headless or in a pane",
  ...E2E,
  fn: async () => {
    const slow = { env: { STUB_SLEEP: "30" }, timeoutMs: 1500 };
    await withServer(async ({ client }) => {
      const log = await turnLog(client);
      const started = Date.now();
      await client.call("bridge.send", { to: "headless", text: "think" });
      await client.call("bridge.send", { to: "shown", text: "think" });
      await log.until("both dead letters", (ev) => ev.filter((e) => e.dead).length === 2, 20_000);
      for (const e of log.events.filter((e) => e.dead)) {
        ok(e.error?.includes("took longer than 1500 ms"), `${e.agent}: ${e.error}`);
      }
      // Well before the stub's 30 s: its sleeping child did not keep the turn open.
      ok(Date.now() - started < 15_000, `${Date.now() - started} ms`);
      await log.stop();
    }, {
      weft: bridgeConfig({
        headless: { ...slow, headless: true },
        shown: { ...slow, program: STUB },
      }, { maxTries: 1 }),
    });
  },
});

Deno.test({
  name: "bridge: the text reaches the program whole on stdin: 200 kB, a leading dash",
  ...E2E,
  fn: async () => {
    const echo = { env: { STUB_ECHO: "1" } };
    await withServer(async ({ client }) => {
      const log = await turnLog(client);
      const text = "-x" + "y".repeat(200_000);
      for (const to of ["headless", "shown"]) {
        const { id } = await client.call<{ id: string }>("bridge.send", { to, text });
        const done = await log.until(
          `${to}'s answer`,
          (ev) => ev.find((e) => e.item === id && e.state !== "started"),
          30_000,
        );
        strictEqual(done.reply, "got 200002 chars starting -xyyyyyyyy", `${to}: ${done.error}`);
      }
      await log.stop();
    }, {
      weft: bridgeConfig({
        headless: { ...echo, headless: true },
        shown: { ...echo, program: STUB },
      }),
    });
  },
});
