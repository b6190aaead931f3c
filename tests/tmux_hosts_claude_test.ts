/**
 * The real Claude Code lead (pinned npm build, mock model) with agent teams in tmux mode, in a
 * pane on `laptop`; the tmux plugin's `teammates` option sends `far-*` to `buildbox` (a hub and
 * two weft servers, real nats-server). The lead's Agent call spawns the teammate through the
 * in-pane shim as under tmux; the teammate's Claude Code runs in a pane on buildbox, answers its
 * task, and the lead's Agent tool says it spawned. Both servers run with Claude Code's seeded HOME,
 * as two machines sharing a home would: the teammates talk to their lead through files there.
 */

import { ok } from "node:assert/strict";
import { claudeBinary, claudeEnv, claudeUnavailable } from "./helpers/claude_code.ts";
import { type MessagesRequest, mockAnthropic, text, type Turn } from "./helpers/mock_anthropic.ts";
import { eventually } from "./helpers/poll.ts";
import {
  endHost,
  endHub,
  FABRIC,
  joinHost,
  startHub,
  type TestHost,
  type TestHub,
  untilUp,
} from "./helpers/fabric.ts";

const TIMEOUT = 90_000;
const MATE = "far-researcher";
const ASK = "start the team";

/** The lead (asked `ASK`) calls Agent once, then answers; the teammate answers its task. */
function route(req: MessagesRequest): Turn {
  const all = JSON.stringify(req.messages);
  if (!all.includes(ASK)) return text(all.includes("TEAMMATE-TASK") ? "TEAMMATE-DONE-far" : "OK");
  if (all.includes("tool_result")) return text("LEAD: the team is working.");
  return {
    content: [{
      type: "tool_use" as const,
      id: "toolu_far_0",
      name: "Agent",
      input: { description: "Task far", prompt: "TEAMMATE-TASK: say hi", name: MATE },
    }],
    stop_reason: "tool_use",
  };
}

interface Row {
  id: string;
  command: string;
  argv: string[];
  current: { program: string } | null;
}

Deno.test({
  name: "Claude Code's lead on laptop opens a teammate on buildbox through the tmux shim",
  ...FABRIC,
  ignore: FABRIC.ignore || claudeUnavailable() !== undefined,
}, async () => {
  await using api = await mockAnthropic([], { after: route });
  const bin = await claudeBinary();
  let hub: TestHub | undefined;
  const hosts: TestHost[] = [];
  const home = await Deno.makeTempDir({ prefix: "weft-claude-home-" });
  try {
    hub = await startHub(["laptop", "buildbox"]);
    const base = await claudeEnv({ baseUrl: api.url, home });
    const buildbox = await joinHost(hub, "buildbox", {
      grants: { laptop: ["read", "write", "spawn", "control"] },
      env: { HOME: home, ANTHROPIC_API_KEY: base.ANTHROPIC_API_KEY!, ANTHROPIC_BASE_URL: api.url },
    });
    hosts.push(buildbox);
    const laptop = await joinHost(hub, "laptop", {
      grants: { buildbox: ["read"] },
      weft: { plugins: { tmux: { options: { teammates: { agent: "far-*", host: "buildbox" } } } } },
    });
    hosts.push(laptop);
    // The teammate's directory is the lead's (the same path on buildbox, one machine here).
    const env = await claudeEnv({
      baseUrl: api.url,
      home,
      trust: [laptop.dir],
      extra: { CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: "1" },
    });
    await untilUp(laptop, ["buildbox"]);
    await buildbox.server.client.call("session.create", { name: "work" });
    const { pane: lead } = await laptop.server.client.call<{ pane: string }>("session.create", {
      argv: [bin, "--teammate-mode", "tmux"],
      env,
      cwd: laptop.dir,
    });
    const near = laptop.server.client;
    await near.call("pane.wait", { pane: lead, match: "for shortcuts", timeout: TIMEOUT });
    await near.call("pane.write", { pane: lead, text: ASK, submit: true });

    const mate = await eventually("the teammate's Claude Code on buildbox", async () => {
      const { panes } = await buildbox.server.client.call<{ panes: Row[] }>("pane.list", {});
      return panes.find((p) => p.argv.includes(MATE) && p.current?.program === "claude");
    }, { timeoutMs: TIMEOUT });
    ok(mate.argv[0]!.endsWith("claude"), `run as argv, no shell: ${JSON.stringify(mate.argv)}`);
    await buildbox.server.client.call("pane.wait", {
      pane: mate.id,
      match: "TEAMMATE-DONE-far",
      timeout: TIMEOUT,
    });
    await near.call("pane.wait", {
      pane: lead,
      match: "LEAD: the team is working.",
      timeout: TIMEOUT,
    });
    const spawned = api.toolResults().find((r) => r.text.includes(`name: ${MATE}`));
    ok(
      spawned && !spawned.is_error && spawned.text.includes("Spawned successfully"),
      JSON.stringify(api.toolResults()),
    );
    // Nothing of the teammate runs on laptop: only the lead (and the project's first pane).
    const { panes } = await near.call<{ panes: Row[] }>("pane.list", {});
    ok(
      !panes.some((p) => p.command.includes(MATE) || p.argv.includes(MATE)),
      JSON.stringify(panes),
    );
  } finally {
    for (const h of hosts) await endHost(h);
    if (hub) await endHub(hub);
    await Deno.remove(home, { recursive: true }).catch(() => {});
  }
});
