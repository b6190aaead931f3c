// End-to-end with the real Claude Code TUI (pinned npm build) in a weft pane against the mock
// Messages API: one turn that waits on the model, asks for a Bash call that needs permission
// (`--permission-mode default`), waits on the model again, then ends. The pane's state follows
// working → blocked → working → done/idle from each source on its own: Claude Code's status
// protocol (weft answers its OSC 7501 probe), its hooks (`weft hooks install`), and, with
// neither, the screen heuristics.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { claudeBinary, claudeEnv, claudeUnavailable } from "./helpers/claude_code.ts";
import { held, mockAnthropic, text, toolUse } from "./helpers/mock_anthropic.ts";
import { E2E, type ServerFixture, withServer } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";
import { weft } from "../main.ts";
import type { PaneState } from "../protocols/bus/records.ts";

const ignore = claudeUnavailable() !== undefined;
const TIMEOUT = 60_000;

interface Status {
  state: string;
  stateSource: string;
  stateKind: string | null;
  stateMessage: string | null;
  agentSession: { id: string; transcriptPath: string | null; source: string | null } | null;
}

/** A gate the mock waits on: `open()` lets its turn through. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

/** Every state the pane went through, from its `pane.state` events. */
async function watchStates(fx: ServerFixture) {
  const seen: { pane: string; state: string; source: string }[] = [];
  await fx.client.subscribe({ topics: ["pane.state"] }, (event) => {
    const d = event.data as { pane: string; state: string; source: string };
    seen.push({ pane: d.pane, state: d.state, source: d.source });
  });
  return (pane: string) => seen.filter((s) => s.pane === pane).map((s) => `${s.state}/${s.source}`);
}

/** Waits for `state` from `source` (pane.wait on the state, then the source). */
async function reach(fx: ServerFixture, pane: string, state: PaneState, source: string) {
  try {
    return await eventually(`${state} from ${source}`, async () => {
      await fx.client.call("pane.wait", { pane, state, timeout: TIMEOUT });
      const s = await fx.client.call<Status>("pane.status", { pane });
      return s.state === state && s.stateSource === source ? s : undefined;
    }, { timeoutMs: TIMEOUT });
  } catch (err) {
    const screen = await fx.client.call<{ text: string }>("pane.read", { pane });
    const s = await fx.client.call<Status>("pane.status", { pane });
    throw new Error(
      `${(err as Error).message}: wanted ${state}/${source}, have ${s.state}/${s.stateSource}; ` +
        `the pane shows:\n${screen.text}`,
    );
  }
}

/**
 * Runs the scripted turn in Claude Code and checks the states `source` reports on the way.
 * `env` changes Claude Code's environment (a value "" removes the variable).
 */
async function turn(
  fx: ServerFixture,
  source: string,
  env: Record<string, string>,
): Promise<{ pane: string; home: string; states: string[] }> {
  const model = gate();
  const after = gate();
  await using api = await mockAnthropic([
    held(model.promise, toolUse("Bash", { command: "touch weft-perm.txt", description: "Touch" })),
    held(after.promise, text("All done here.")),
  ]);
  const states = await watchStates(fx);
  const full = await claudeEnv({ baseUrl: api.url, trust: [fx.dir], extra: { FORCE_COLOR: "3" } });
  for (const [k, v] of Object.entries(env)) {
    if (v === "") delete full[k];
    else full[k] = v;
  }
  const { pane } = await fx.client.call<{ pane: string }>("session.create", {
    argv: [await claudeBinary(), "--permission-mode", "default"],
    env: full,
    cwd: fx.dir,
  });
  await fx.client.call("pane.wait", { pane, match: "for shortcuts", timeout: TIMEOUT });
  await fx.client.call("pane.write", { pane, text: "touch the file", submit: true });
  await reach(fx, pane, "working", source);
  model.open();
  const blocked = await reach(fx, pane, "blocked", source);
  if (source !== "screen") strictEqual(blocked.stateKind, "permission");
  ok(blocked.stateMessage?.includes("touch weft-perm.txt"), JSON.stringify(blocked));
  await approve(fx, pane);
  await reach(fx, pane, "working", source);
  after.open();
  await fx.client.call("pane.wait", { pane, match: "All done here", timeout: TIMEOUT });
  const end = await eventually(`idle or done from ${source}`, async () => {
    const s = await fx.client.call<Status>("pane.status", { pane });
    return ["idle", "done"].includes(s.state) && s.stateSource === source ? s : undefined;
  }, { timeoutMs: TIMEOUT });
  ok(end);
  await eventually(
    "the approved command to run",
    () => Deno.stat(join(fx.dir, "weft-perm.txt")).then(() => true),
  );
  return { pane, home: full.HOME!, states: states(pane) };
}

/**
 * Answers the permission dialog with its first choice, "Yes" (Enter). Claude Code ignores keys
 * that arrive the moment its dialog appears, so Enter is pressed again until the dialog goes.
 */
async function approve(fx: ServerFixture, pane: string): Promise<void> {
  await fx.client.call("pane.wait", { pane, match: "Do you want to proceed", timeout: TIMEOUT });
  const shown = async () =>
    (await fx.client.call<{ text: string }>("pane.read", { pane })).text.includes(
      "Do you want to proceed",
    );
  await eventually("the dialog to take Enter", async () => {
    await fx.client.call("pane.write", { pane, keys: ["Enter"] });
    return await eventually("the dialog to go", async () => !(await shown()), {
      timeoutMs: 1500,
    }).then(() => true, () => false);
  }, { timeoutMs: TIMEOUT });
}

/** The order `wanted` states come in `states` (each after the previous one). */
function inOrder(states: string[], wanted: string[]): boolean {
  let i = 0;
  for (const s of states) if (s === wanted[i]) i++;
  return i === wanted.length;
}

Deno.test({
  name: "agent state: Claude Code's status protocol alone reports working, blocked, working, done",
  ignore,
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    // CLAUDE_CODE_DISABLE_TERMINAL_TITLE (set by the test helper) turns the protocol off.
    const { states } = await turn(fx, "status", { CLAUDE_CODE_DISABLE_TERMINAL_TITLE: "" });
    ok(
      inOrder(states, ["working/status", "blocked/status", "working/status", "done/status"]),
      states.join(" "),
    );
    // Once Claude Code reports, nothing else speaks for the pane (before, the heuristics may).
    const reporting = states.slice(states.findIndex((s) => s.endsWith("/status")));
    ok(reporting.every((s) => s.endsWith("/status")), states.join(" "));
  });
});

Deno.test({
  name: "agent state: Claude Code's hooks alone report the same and the pane keeps its session id",
  ignore,
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    const out: string[] = [];
    const code = await weft(["hooks", "install", "--agent", "claude", "--dir", fx.dir], {
      out: (t) => out.push(t),
      err: (t) => out.push(t),
      cwd: fx.dir,
      env: (name) => Deno.env.get(name),
    });
    strictEqual(code, 0, out.join(""));
    const { pane, home, states } = await turn(fx, "hook", {});
    ok(
      inOrder(states, ["working/hook", "blocked/hook", "working/hook", "idle/hook"]),
      states.join(" "),
    );
    // Once the hooks speak, the heuristics never contradict them. They may be first to see a
    // change the hooks report later: the permission prompt answered (no hook fires for that)
    // more than HEURISTIC_GRACE_MS after it was shown, as happens on a loaded machine.
    const hooked = states.slice(states.findIndex((s) => s.endsWith("/hook")));
    hooked.forEach((s, i) => {
      if (s.endsWith("/hook")) return;
      const next = hooked.slice(i + 1).find((h) => h.endsWith("/hook"));
      strictEqual(s.split("/")[0], next?.split("/")[0], `${s} at ${i}: ${states.join(" ")}`);
    });
    // Claude Code keeps its transcript as <session id>.jsonl under ~/.claude/projects/.
    const transcripts: string[] = [];
    for await (const dir of Deno.readDir(join(home, ".claude", "projects"))) {
      for await (const f of Deno.readDir(join(home, ".claude", "projects", dir.name))) {
        if (f.name.endsWith(".jsonl")) {
          transcripts.push(join(home, ".claude", "projects", dir.name, f.name));
        }
      }
    }
    strictEqual(transcripts.length, 1, transcripts.join(", "));
    const s = await fx.client.call<Status>("pane.status", { pane });
    deepStrictEqual(s.agentSession, {
      id: transcripts[0]!.split("/").pop()!.replace(/\.jsonl$/, ""),
      transcriptPath: transcripts[0],
      source: "startup",
    });
  });
});

Deno.test({
  name: "agent state: with neither, the screen heuristics reach the same states",
  ignore,
  ...E2E,
}, async () => {
  await withServer(async (fx) => {
    // The helper's CLAUDE_CODE_DISABLE_TERMINAL_TITLE=1 keeps Claude Code from probing.
    const { states } = await turn(fx, "screen", { CLAUDE_CODE_DISABLE_TERMINAL_TITLE: "1" });
    ok(
      inOrder(states, ["working/screen", "blocked/screen", "working/screen", "idle/screen"]),
      states.join(" "),
    );
    ok(!states.some((s) => s.endsWith("/status") || s.endsWith("/hook")), states.join(" "));
  });
});
