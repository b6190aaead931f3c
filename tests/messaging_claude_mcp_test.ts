// Two real Claude Code processes (`claude -p`, the pinned CLI, each against its own mock of the
// Messages API) in weft panes `alice` and `bob`, each with weft's stdio MCP server, message each
// other with thrum's tool names. bob's wait_for_message is blocking before alice sends; it
// returns her message; check_messages afterwards is empty; then a group and a broadcast reach
// him. A second test checks the MCP wait cap with the real CLI: the call comes back as
// `{status: "timeout"}` at the cap, not at the time asked for.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { claudeBinary, claudeEnv, claudeUnavailable } from "./helpers/claude_code.ts";
import { held, mockAnthropic, type ScriptStep, text, toolUse } from "./helpers/mock_anthropic.ts";
import { denoDir, weftArgs } from "./helpers/mcp.ts";
import { eventually } from "./helpers/poll.ts";
import { E2E, type ServerFixture, withServer } from "./helpers/server.ts";

const ignore = claudeUnavailable() !== undefined;
const TIMEOUT = 90_000;
const W = "mcp__weft__";
/** The group tools are past the default agent profile: these agents opt in to messaging's. */
const TOOLS = ["--tools", "agent,messaging"];

/**
 * The value a tool_result carries: Claude Code hands the model the tool's structured content as
 * one line of JSON first, then its text.
 */
function resultOf(tool: { text: string }): Record<string, unknown> {
  return JSON.parse(tool.text.split("\n")[0]!);
}

/** Starts `claude -p` with weft's MCP in a new pane called `name`, against `apiUrl`. */
async function claudePane(fx: ServerFixture, name: string, apiUrl: string): Promise<void> {
  const config = join(fx.dir, `mcp-${name}.json`);
  await Deno.writeTextFile(
    config,
    JSON.stringify({
      mcpServers: { weft: { command: Deno.execPath(), args: weftArgs("mcp", ...TOOLS) } },
    }),
  );
  const env = await claudeEnv({
    baseUrl: apiUrl,
    trust: [fx.dir],
    extra: { DENO_DIR: await denoDir() },
  });
  await fx.client.call("session.create", {
    argv: [
      await claudeBinary(),
      "-p",
      `You are ${name}.`,
      "--mcp-config",
      config,
      "--strict-mcp-config",
      "--allowedTools",
      `${W}*`,
    ],
    env,
    cwd: fx.dir,
    name,
  });
}

/** Waits until `name` has a wait_for_message blocking. */
function waiting(fx: ServerFixture, name: string) {
  return eventually(`${name} to be waiting`, async () => {
    const { agents } = await fx.client.call<{ agents: { name: string; waiting: number }[] }>(
      "message.agents",
      {},
    );
    return (agents.find((a) => a.name === name)?.waiting ?? 0) > 0;
  }, { timeoutMs: TIMEOUT });
}

/** A gate a script step waits on. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

Deno.test({
  name: "messaging claude mcp: alice sends, bob's blocking wait_for_message gets it; groups, " +
    "broadcast",
  ignore,
  ...E2E,
  fn: () =>
    withServer(async (fx) => {
      const checked = gate();
      const bobSteps: ScriptStep[] = [
        toolUse(`${W}wait_for_message`, { timeout: 60 }),
        () => toolUse(`${W}check_messages`, {}),
        () => (checked.open(), toolUse(`${W}wait_for_message`, { timeout: 60 })),
        () => toolUse(`${W}wait_for_message`, { timeout: 60 }),
        text("bob is done"),
      ];
      await using bobApi = await mockAnthropic(bobSteps);
      await using aliceApi = await mockAnthropic([
        toolUse(`${W}list_agents`, {}),
        toolUse(`${W}send_message`, {
          to: "bob",
          content: "hi bob, please review",
          priority: "high",
        }),
        held(checked.promise, toolUse(`${W}create_group`, { name: "pair", description: "us" })),
        toolUse(`${W}add_group_member`, { group: "pair", member_type: "agent", member_id: "bob" }),
        toolUse(`${W}send_message`, { to: "@pair", content: "to the group" }),
        toolUse(`${W}broadcast_message`, { content: "to everyone" }),
        toolUse(`${W}list_groups`, {}),
        text("alice is done"),
      ]);
      await claudePane(fx, "bob", bobApi.url);
      await waiting(fx, "bob");
      await claudePane(fx, "alice", aliceApi.url);
      await fx.client.call("pane.wait", { pane: "alice", exit: true, timeout: TIMEOUT });
      await fx.client.call("pane.wait", { pane: "bob", exit: true, timeout: TIMEOUT });
      strictEqual(aliceApi.played, 8, "alice played every turn");
      strictEqual(bobApi.played, 5, "bob played every turn");

      const alice = aliceApi.toolResults();
      ok(alice.every((r) => !r.is_error), JSON.stringify(alice));
      const agents = resultOf(alice[0]!).agents as { name: string; pane: string }[];
      ok(agents.some((a) => a.name === "bob"), JSON.stringify(agents));
      const sent = resultOf(alice[1]!);
      deepStrictEqual([sent.status, sent.from], ["delivered", "alice"]);
      const broadcast = resultOf(alice[5]!);
      deepStrictEqual(broadcast.sent_to, ["bob"]);

      const bob = bobApi.toolResults();
      ok(bob.every((r) => !r.is_error), JSON.stringify(bob));
      const first = resultOf(bob[0]!);
      strictEqual(first.status, "message_received");
      const message = first.message as Record<string, unknown>;
      deepStrictEqual(
        [message.from, message.content, message.priority, message.message_id],
        ["alice", "hi bob, please review", "high", sent.message_id],
      );
      deepStrictEqual(resultOf(bob[1]!), { status: "empty", messages: [], remaining: 0 });
      const group = resultOf(bob[2]!).message as Record<string, unknown>;
      deepStrictEqual([group.from, group.content], ["alice", "to the group"]);
      const all = resultOf(bob[3]!).message as Record<string, unknown>;
      deepStrictEqual([all.from, all.content], ["alice", "to everyone"]);
    }),
});

Deno.test({
  name: "messaging claude mcp: a wait longer than the MCP cap returns a timeout at the cap",
  ignore,
  ...E2E,
  fn: () =>
    withServer(async (fx) => {
      await using api = await mockAnthropic([
        toolUse(`${W}wait_for_message`, { timeout: 600 }),
        text("nothing came"),
      ]);
      const started = performance.now();
      await claudePane(fx, "solo", api.url);
      await fx.client.call("pane.wait", { pane: "solo", exit: true, timeout: TIMEOUT });
      const [result] = api.toolResults();
      ok(result && !result.is_error, JSON.stringify(result));
      const value = resultOf(result);
      deepStrictEqual([value.status, value.message], ["timeout", null]);
      strictEqual(value.waited_seconds, 3);
      ok(performance.now() - started < 60_000);
    }, { weft: { plugins: { message: { options: { mcpWaitCapSeconds: 3 } } } } }),
});
