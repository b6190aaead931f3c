import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { Screen } from "../screen/mod.ts";
import { AgentState, type StateReport } from "./agent_state.ts";
import { watchScreenState } from "./screen_watch.ts";

const RULE = "─".repeat(30);

function setup(agent: string) {
  const screen = new Screen({ cols: 40, rows: 8, historyBytes: 1 << 16, reply: () => {} });
  const pane = { screen, agent, agentState: new AgentState() };
  const reports: StateReport[] = [];
  let wake: (() => void) | undefined;
  const stop = watchScreenState(pane, (r) => {
    reports.push(r);
    pane.agentState.report(r);
    wake?.();
  }, { delayMs: 10 });
  const next = () => new Promise<void>((r) => (wake = r));
  const show = async (rows: string[]) => {
    screen.write(`\x1b[H\x1b[2J${rows.join("\r\n")}`);
    await screen.flush();
  };
  return { pane, reports, next, show, stop, screen };
}

Deno.test("watchScreenState() reports what a Claude Code screen shows, once per change", async () => {
  const { reports, next, show, stop, screen } = setup("claude");
  let seen = next();
  await show(["● Hi.", RULE, "❯ ", RULE, "  ? for shortcuts"]);
  await seen;
  seen = next();
  await show(["❯ go", "✢ Thinking…", RULE, "❯ ", RULE, "  esc to interrupt"]);
  await seen;
  seen = next();
  await show([" Bash command", " ls", " Do you want to proceed?", " ❯ 1. Yes", " Esc to cancel"]);
  await seen;
  seen = next();
  await show(["● Done.", RULE, "❯ ", RULE, "  ? for shortcuts"]);
  await seen;
  deepStrictEqual(reports.map((r) => [r.state, r.source, r.kind]), [
    ["idle", "screen", null],
    ["working", "screen", null],
    ["blocked", "screen", "permission"],
    ["idle", "screen", null],
  ]);
  strictEqual(reports[2]!.message, "Bash command · ls · Do you want to proceed?");
  stop();
  screen.dispose();
});

Deno.test("watchScreenState() takes over a state that output activity set", async () => {
  const { pane, reports, next, show, stop, screen } = setup("claude");
  pane.agentState.report({ state: "working", source: "output" });
  const seen = next();
  await show(["❯ go", "✢ Thinking…", RULE, "❯ ", RULE, "  esc to interrupt"]);
  await seen;
  deepStrictEqual(reports.map((r) => [r.state, r.source]), [["working", "screen"]]);
  stop();
  screen.dispose();
});

Deno.test("watchScreenState() leaves panes alone whose program reports its status, or no agent", async () => {
  const { pane, reports, show, stop, screen } = setup("claude");
  pane.agentState.report({ state: "working", source: "status" });
  await show(["● Done.", RULE, "❯ ", RULE, "  ? for shortcuts"]);
  // Proves a negative: the watcher's 10 ms delay passes many times over.
  await new Promise((r) => setTimeout(r, 100));
  deepStrictEqual(reports, []);
  stop();
  screen.dispose();
  const shell = setup("shell");
  await shell.show(["● Done.", RULE, "❯ ", RULE, "  ? for shortcuts"]);
  await new Promise((r) => setTimeout(r, 100));
  deepStrictEqual(shell.reports, []);
  shell.stop();
  shell.screen.dispose();
});

Deno.test("watchScreenState() takes the idle prompt a turn ended on without its hook, after the grace", async () => {
  const { pane, reports, next, show, stop, screen } = setup("claude");
  // The hooks said working (a prompt submitted); the turn fails at once and no hook follows.
  pane.agentState.report({ state: "working", source: "hook" });
  let seen = next();
  await show(["⎿ API Error: the request failed", RULE, "❯ ", RULE, "  ? for shortcuts"]);
  await seen;
  strictEqual(pane.agentState.state, "working", "within the grace the hooks' state stands");
  seen = next();
  await seen;
  deepStrictEqual([pane.agentState.state, pane.agentState.source], ["idle", "screen"]);
  deepStrictEqual(reports.map((r) => r.state), ["idle", "idle"]);
  stop();
  screen.dispose();
});

Deno.test("watchScreenState() takes the idle prompt an approval denied at once came back to, after the grace", async () => {
  const { pane, reports, next, show, stop, screen } = setup("claude");
  // The hooks said blocked (a permission asked); "No" or Esc within the grace ends the turn
  // with no hook, and the screen changes no more.
  pane.agentState.report({ state: "blocked", source: "hook", message: "Bash: touch a" });
  let seen = next();
  await show(["⎿ Interrupted by user", RULE, "❯ ", RULE, "  ? for shortcuts"]);
  await seen;
  strictEqual(pane.agentState.state, "blocked", "within the grace the hooks' state stands");
  seen = next();
  await seen;
  deepStrictEqual([pane.agentState.state, pane.agentState.source], ["idle", "screen"]);
  deepStrictEqual(reports.map((r) => r.state), ["idle", "idle"]);
  stop();
  screen.dispose();
});
