// The hook rung survives a server killed with kill -9 while a hook's answer is on its way, with
// the real Claude Code (pinned) against the mock: nothing lost, nothing doubled. The window is
// widened the way a project's own hooks widen it: Claude Code runs a PostToolUse hook of the
// project's that calls weft's hook (which prints the message) and then takes its time, and
// Claude Code takes no hook's output before every hook of the event is done. The server is
// killed in that time: the agent dies with its pane and never took the message, and its resumed
// conversation (its transcript) does not hold it. The old code had marked the message read when
// it handed it to the hook: it was lost. Now a hand-over is an intent until the agent's
// transcript shows it; after the restore the transcript is looked at, and the message is handed
// over again at the resumed agent's next stop.
//
// The same window with only the messaging plugin killed (the host restarts it; the server and
// the agent live on, the hook's answer still on its way): the old code's new plugin process
// took the hand-over it had not made for lost at once, and handed the message over a second
// time at the agent's next stop. Now the intent names the agent's process, and the same
// process's hand-over waits for the transcript.
import { strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { claudeBinary, claudeEnv, claudeUnavailable } from "./helpers/claude_code.ts";
import {
  held,
  type MessagesRequest,
  mockAnthropic,
  text,
  toolUse,
} from "./helpers/mock_anthropic.ts";
import { eventually } from "./helpers/poll.ts";
import { E2E } from "./helpers/server.ts";
import { killHard, type ServeChild, serveChild, tempProject } from "./helpers/serve_child.ts";
import { weftInProcess } from "./helpers/cli.ts";
import { pluginPids } from "./helpers/plugin_pids.ts";
import type { WeftClient } from "../plugins/client/mod.ts";

const ignore = claudeUnavailable() !== undefined;
const TIMEOUT = 60_000;
const NEEDLE = "handed over before the crash";

/** How many user turns of the latest request carry `needle` (0: lost; 2: doubled). */
function turnsWith(api: { conversation(): MessagesRequest[] }, needle: string): number {
  const last = api.conversation().at(-1);
  return (last?.messages ?? []).filter((m) =>
    m.role === "user" && JSON.stringify(m.content).includes(needle)
  ).length;
}

/**
 * weft's hooks in the project, its PostToolUse one inside a project hook that, once weft's hook
 * printed its answer, touches `mark` and waits (up to 20 s) for `release` to exist.
 */
async function slowPostToolUse(dir: string, mark: string, release: string): Promise<void> {
  const installed = await weftInProcess(dir, "hooks", "install", "--agent", "claude", "--dir", dir);
  if (installed.code !== 0) throw new Error(`weft hooks install failed: ${installed.err}`);
  const file = join(dir, ".claude", "settings.local.json");
  const settings = JSON.parse(await Deno.readTextFile(file));
  const entry = settings.hooks.PostToolUse[0].hooks[0];
  entry.command = `(\n${entry.command}\n)\ntouch '${mark}'\n` +
    `for i in $(seq 200); do [ -e '${release}' ] && break; sleep 0.1; done`;
  entry.timeout = 30;
  await Deno.writeTextFile(file, JSON.stringify(settings));
}

async function state(client: WeftClient, pane: string) {
  return await client.call<{
    state: string;
    stateSource: string;
    agentSession: { id: string; source: string | null } | null;
  }>("pane.status", { pane });
}

Deno.test({
  name: "hook rung: a server killed with kill -9 while the hook's answer is on its way loses " +
    "nothing: the message is handed over again after the restore, once",
  ignore,
  ...E2E,
}, async () => {
  const go = Promise.withResolvers<void>();
  await using api = await mockAnthropic([
    held(go.promise, toolUse("Bash", { command: "echo step-one", description: "one" })),
  ], { after: text("Carried on.") });
  const dir = await tempProject();
  const mark = join(dir, "answered");
  const release = join(dir, "release");
  const alive = new Set<ServeChild>();
  const serve = async () => {
    const child = await serveChild(dir);
    alive.add(child);
    return child;
  };
  try {
    await slowPostToolUse(dir, mark, release);
    const env = await claudeEnv({ baseUrl: api.url, trust: [dir] });
    await Deno.writeTextFile(
      join(env.HOME!, ".claude", "settings.json"),
      JSON.stringify({ permissions: { allow: ["Bash"] } }),
    );
    const first = await serve();
    const { id: pane } = await first.client.call<{ id: string }>("pane.create", {
      split: "p1",
      argv: [await claudeBinary()],
      env,
      cwd: dir,
    });
    await first.client.call("pane.wait", { pane, match: "for shortcuts", timeout: TIMEOUT });
    await first.client.call("pane.write", { pane, text: "run the step", submit: true });
    await eventually("working by its hooks, its session known", async () => {
      const s = await state(first.client, pane);
      return s.state === "working" && s.stateSource === "hook" && s.agentSession?.id;
    }, { timeoutMs: TIMEOUT });
    await new Promise((r) => setTimeout(r, 300)); // the session is in the store (100 ms)
    const sent = await first.client.call<{ message_id: string; delivery?: { via: string }[] }>(
      "message.send",
      { to: pane, content: NEEDLE },
    );
    strictEqual(sent.delivery?.[0]?.via, "hook");
    go.resolve();
    // weft's hook printed the message; Claude Code waits for the project's hook to end.
    await eventually("weft's hook to answer", async () => {
      return await Deno.lstat(mark).then(() => true, () => false);
    }, { timeoutMs: TIMEOUT });
    alive.delete(first);
    await killHard(first);
    strictEqual(turnsWith(api, NEEDLE), 0, "the agent never took it before the crash");
    await Deno.writeTextFile(release, "");

    const second = await serve();
    await eventually("Claude Code to say it resumed", async () => {
      return (await state(second.client, pane)).agentSession?.source === "resume";
    }, { timeoutMs: TIMEOUT });
    await second.client.call("pane.wait", { pane, match: "for shortcuts", timeout: TIMEOUT });
    await second.client.call("pane.write", { pane, text: "carry on", submit: true });
    try {
      await eventually("the message in a request", () => turnsWith(api, NEEDLE) > 0, {
        timeoutMs: TIMEOUT,
      });
    } catch (err) {
      const { text } = await second.client.call<{ text: string }>("pane.read", { pane });
      const log = second.stderr().split("\n").filter((l) => /message|deliver|hand/i.test(l));
      throw new Error(
        `${(err as Error).message}; the pane shows:\n${text.trimEnd()}\nthe log:\n${
          log.slice(-20).join("\n")
        }`,
      );
    }
    await eventually("idle by its hooks", async () => {
      const s = await state(second.client, pane);
      return s.state === "idle" && s.stateSource === "hook";
    }, { timeoutMs: TIMEOUT });
    strictEqual(turnsWith(api, NEEDLE), 1, "the message reached the model once");
    // Read once the transcript shows the agent took it.
    await eventually("delivered_via hook", async () => {
      const got = await second.client.call<{ receipts: { delivered_via?: string }[] }>(
        "message.get",
        { id: sent.message_id },
      );
      return got.receipts[0]?.delivered_via === "hook";
    }, { timeoutMs: TIMEOUT });
    strictEqual(turnsWith(api, NEEDLE), 1, "still once");
  } finally {
    await Deno.writeTextFile(release, "").catch(() => {});
    for (const child of alive) await killHard(child).catch(() => {});
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});

/** The messaging plugin's (`message`) state and restarts, as `server.status` says. */
async function messagingPlugin(client: WeftClient) {
  const { plugins } = await client.call<
    { plugins: { name: string; state: string; restarts: number }[] }
  >("server.status", {});
  return plugins.find((p) => p.name === "message");
}

/** The receipt of a message with one recipient, as its sender sees it. */
async function receipt(client: WeftClient, id: string) {
  const got = await client.call<{ receipts: { delivery?: string; delivered_via?: string }[] }>(
    "message.get",
    { id },
  );
  return got.receipts[0];
}

Deno.test({
  name: "hook rung: the messaging plugin killed while the hook's answer is on its way does not " +
    "hand the message over again: the restarted plugin waits for the transcript",
  ignore,
  ...E2E,
}, async () => {
  const go = Promise.withResolvers<void>();
  await using api = await mockAnthropic([
    held(go.promise, toolUse("Bash", { command: "echo step-one", description: "one" })),
  ], { after: text("Carried on.") });
  const dir = await tempProject();
  const mark = join(dir, "answered");
  const release = join(dir, "release");
  let server: ServeChild | undefined;
  try {
    await slowPostToolUse(dir, mark, release);
    const env = await claudeEnv({ baseUrl: api.url, trust: [dir] });
    await Deno.writeTextFile(
      join(env.HOME!, ".claude", "settings.json"),
      JSON.stringify({ permissions: { allow: ["Bash"] } }),
    );
    server = await serveChild(dir);
    const { client } = server;
    const { id: pane } = await client.call<{ id: string }>("pane.create", {
      split: "p1",
      argv: [await claudeBinary()],
      env,
      cwd: dir,
    });
    await client.call("pane.wait", { pane, match: "for shortcuts", timeout: TIMEOUT });
    await client.call("pane.write", { pane, text: "run the step", submit: true });
    await eventually("working by its hooks", async () => {
      const s = await state(client, pane);
      return s.state === "working" && s.stateSource === "hook";
    }, { timeoutMs: TIMEOUT });
    const sent = await client.call<{ message_id: string; delivery?: { via: string }[] }>(
      "message.send",
      { to: pane, content: NEEDLE },
    );
    strictEqual(sent.delivery?.[0]?.via, "hook");
    go.resolve();
    await eventually("weft's hook to answer", async () => {
      return await Deno.lstat(mark).then(() => true, () => false);
    }, { timeoutMs: TIMEOUT });
    strictEqual((await receipt(client, sent.message_id))?.delivery, "handing");
    const [plugin, ...more] = await pluginPids("message", server.server.child.pid, dir);
    strictEqual(more.length, 0, "one messaging plugin process");
    Deno.kill(plugin!.pid, "SIGKILL");
    await eventually("the messaging plugin restarted", async () => {
      const p = await messagingPlugin(client);
      return p?.state === "running" && p.restarts === 1;
    }, { timeoutMs: TIMEOUT });
    // Proves the restarted plugin does not let the hand-over go (the old code did at its start).
    await new Promise((r) => setTimeout(r, 1000));
    strictEqual((await receipt(client, sent.message_id))?.delivery, "handing", "still under way");
    strictEqual(turnsWith(api, NEEDLE), 0, "the agent has not taken it yet");
    await Deno.writeTextFile(release, "");
    await eventually("the message in a request", () => turnsWith(api, NEEDLE) > 0, {
      timeoutMs: TIMEOUT,
    });
    await eventually("idle by its hooks", async () => {
      const s = await state(client, pane);
      return s.state === "idle" && s.stateSource === "hook";
    }, { timeoutMs: TIMEOUT });
    await eventually("delivered_via hook", async () => {
      return (await receipt(client, sent.message_id))?.delivered_via === "hook";
    }, { timeoutMs: TIMEOUT });
    strictEqual(turnsWith(api, NEEDLE), 1, "the message reached the model once (nothing typed)");
  } finally {
    await Deno.writeTextFile(release, "").catch(() => {});
    if (server) await killHard(server).catch(() => {});
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
