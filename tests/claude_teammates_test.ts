// Issue 16: Claude Code's agent teams open their teammates as weft panes. The real Claude Code
// TUI (pinned npm build) runs in a weft pane with agent teams on and `--teammate-mode tmux`; the
// mock model calls its Agent tool twice with a teammate `name`. Claude Code drives weft through
// the in-pane tmux shim as it drives tmux: split-window (a `cat` placeholder), border colours and
// titles (set-option -p, select-pane -T), pane-border-status, remain-on-exit, respawn-pane -k with
// the teammate's `claude --agent-id …` command, then select-layout main-vertical and resize-pane
// -x 30% once there are two teammates. Each teammate is a Claude Code of its own in its pane,
// talking to the same mock; one typed `/exit` ends and its pane closes (remain-on-exit failed).
//
// The teammate inherits the server's environment, as a tmux teammate inherits the tmux server's:
// the server here runs in the test process, so HOME (seeded) and the API key are set on it.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { claudeBinary, claudeEnv, claudeUnavailable } from "./helpers/claude_code.ts";
import { type MessagesRequest, mockAnthropic, text, type Turn } from "./helpers/mock_anthropic.ts";
import { E2E, type ServerFixture, withServer } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";

const TIMEOUT = 90_000;
const MATES = ["researcher", "reviewer"];

const ASK = "start the team";

/** The lead (asked `ASK`) calls Agent twice at once, then answers; each teammate its task. */
function route(req: MessagesRequest): Turn {
  const all = JSON.stringify(req.messages);
  if (!all.includes(ASK)) {
    const mate = MATES.find((m) => all.includes(`TEAMMATE-TASK-${m}`));
    return text(mate ? `TEAMMATE-DONE-${mate}` : "OK");
  }
  if (all.includes("tool_result")) return text("LEAD: the team is working.");
  return {
    content: MATES.map((name, i) => ({
      type: "tool_use" as const,
      id: `toolu_team_${i}`,
      name: "Agent",
      input: { description: `Task ${name}`, prompt: `TEAMMATE-TASK-${name}: say hi`, name },
    })),
    stop_reason: "tool_use",
  };
}

interface Row {
  id: string;
  window: string;
  command: string;
  meta: Record<string, string>;
  current: { program: string } | null;
  cols: number;
}

async function panes(fx: ServerFixture): Promise<Row[]> {
  return (await fx.client.call<{ panes: Row[] }>("pane.list", {})).panes;
}

Deno.test({
  name: "Claude Code's agent teams open each teammate as a weft pane running Claude Code",
  ignore: claudeUnavailable() !== undefined,
  ...E2E,
}, async () => {
  await using api = await mockAnthropic([], { after: route });
  const bin = await claudeBinary();
  // The teammates start through the tmux shim with the server's environment, as under tmux:
  // the panes of this in-process server get Claude Code's HOME and key on top of this process's.
  const paneEnv: Record<string, string> = {};
  await withServer(async (fx) => {
    const env = await claudeEnv({
      baseUrl: api.url,
      trust: [fx.dir],
      extra: { CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: "1" },
    });
    Object.assign(paneEnv, { HOME: env.HOME!, ANTHROPIC_API_KEY: env.ANTHROPIC_API_KEY! });
    const { pane: lead, window } = await fx.client.call<{ pane: string; window: string }>(
      "session.create",
      { argv: [bin, "--teammate-mode", "tmux"], env, cwd: fx.dir },
    );
    await fx.client.call("pane.wait", { pane: lead, match: "for shortcuts", timeout: TIMEOUT });
    await fx.client.call("pane.write", { pane: lead, text: ASK, submit: true });

    // Each teammate: its own pane in the lead's window, running Claude Code as that agent.
    const mates = await eventually("two teammate panes running claude", async () => {
      const rows = (await panes(fx)).filter((p) => p.id !== lead);
      const running = rows.filter((p) => p.current?.program === "claude");
      return running.length === MATES.length ? rows : undefined;
    }, { timeoutMs: TIMEOUT });
    for (const name of MATES) {
      const p = mates.find((m) => m.command.includes(`--agent-name ${name}`));
      ok(p, `a pane runs teammate ${name}: ${mates.map((m) => m.command).join("\n")}`);
      strictEqual(p.window, window);
      strictEqual(p.meta["tmux.title"], name);
      const colour = /^fg=(\w+)$/.exec(p.meta["tmux.pane-border-style"] ?? "")?.[1];
      ok(colour, JSON.stringify(p.meta));
      strictEqual(p.meta["tmux.pane-active-border-style"], `fg=${colour}`);
      strictEqual(
        p.meta["tmux.pane-border-format"],
        `#[fg=${colour},bold] #{pane_title} #[default]`,
      );
      await fx.client.call("pane.wait", {
        pane: p.id,
        match: `TEAMMATE-DONE-${name}`,
        timeout: TIMEOUT,
      });
    }
    await fx.client.call("pane.wait", {
      pane: lead,
      match: "LEAD: the team is working.",
      timeout: TIMEOUT,
    });
    // Claude Code's Agent tool says each spawned, with no error.
    const results = api.toolResults();
    for (const name of MATES) {
      const r = results.find((x) => x.text.includes(`name: ${name}`));
      ok(r && !r.is_error && r.text.includes("Spawned successfully"), JSON.stringify(results));
    }
    // The lead's window shows borders with titles, as Claude Code asked.
    const leadRow = (await panes(fx)).find((p) => p.id === lead)!;
    strictEqual(leadRow.meta["tmux.pane-border-status"], "top");

    // Two teammates: main-vertical with the lead on the left at 30% of the width.
    const layout = await fx.client.call<{
      cols: number;
      layout: { type: string; direction?: string; children?: { node: { type: string } }[] };
      panes: { pane: string; x: number; cols: number }[];
    }>("window.layout", { window });
    deepStrictEqual([layout.layout.type, layout.layout.direction], ["split", "horizontal"]);
    const left = layout.panes.find((p) => p.x === 0)!;
    strictEqual(left.pane, lead);
    ok(Math.abs(left.cols - layout.cols * 0.3) <= 2, JSON.stringify(layout.panes));
    strictEqual(layout.layout.children?.[1]?.node.type, "split");

    // A teammate that ends leaves no pane behind (tmux's remain-on-exit failed: exit 0 closes).
    const gone = mates.find((m) => m.command.includes("--agent-name researcher"))!;
    await fx.client.call("pane.write", { pane: gone.id, text: "/exit", submit: true });
    await eventually("the ended teammate's pane to close", async () => {
      const rows = await panes(fx);
      return !rows.some((p) => p.id === gone.id) && rows.length === MATES.length;
    }, { timeoutMs: TIMEOUT });
  }, { paneEnv });
});
