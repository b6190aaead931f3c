// The real Gemini CLI TUI (pinned npm 0.61.0) in a weft pane, against the project's mock Gemini
// API, with weft's hooks in its settings: its state comes from its hooks through working (a
// held answer) → blocked on a shell approval → working → idle; the dialog is listed by
// pane.needs with its choices and answered through pane.answer (its fingerprint checked), and
// the mock gets the tool's result; message.agents lists the pane with kind and state. A denied
// call (no hook follows it, even when denied at once) goes idle by the screen. At each
// step the vendor's screen facts are checked against the live screen too, so this fails
// loudly when the pinned version's screens or hooks stop matching (protocols/agents/gemini.ts).
import { deepStrictEqual, ok, rejects, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { geminiUnavailable } from "./helpers/gemini.ts";
import { startGemini, submitPrompt } from "./helpers/gemini_pane.ts";
import { held, mockGemini, text, toolUse } from "./helpers/mock_gemini.ts";
import { E2E, type ServerFixture, withServer } from "./helpers/server.ts";
import { eventually } from "./helpers/poll.ts";
import { screenState } from "../protocols/agents/mod.ts";
import type { Need } from "../protocols/bus/records.ts";

const TIMEOUT = 60_000;

interface Status {
  agent: string;
  state: string;
  stateSource: string;
  stateMessage: string | null;
  agentSession: { id: string; source: string | null } | null;
}

function gate() {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

/** Waits until the pane's state is `state` from `source`; shows the screen and state if not. */
function until(fx: ServerFixture, pane: string, state: string, source: string) {
  return eventually(`the pane ${state} by ${source}`, async () => {
    const s = await fx.client.call<Status>("pane.status", { pane });
    return s.state === state && s.stateSource === source ? s : undefined;
  }, {
    timeoutMs: TIMEOUT,
    intervalMs: 50,
    detail: async () =>
      JSON.stringify(await fx.client.call("pane.status", { pane })) + "\n" +
      (await fx.client.call<{ text: string }>("pane.read", { pane })).text,
  });
}

/** What the vendor's screen facts read on the pane's screen now (the pinned-version check). */
async function screenSays(fx: ServerFixture, pane: string) {
  const { text } = await fx.client.call<{ text: string }>("pane.read", { pane });
  return { read: screenState("gemini", text.split("\n")), text };
}

/** Waits until the screen facts read `state` on the live screen; fails with the screen. */
async function screenShows(fx: ServerFixture, pane: string, state: string) {
  let last = "";
  try {
    await eventually(`the screen to read ${state}`, async () => {
      const { read, text } = await screenSays(fx, pane);
      last = text;
      return read?.state === state;
    }, { timeoutMs: TIMEOUT, intervalMs: 100 });
  } catch (err) {
    throw new Error(
      `${(err as Error).message}: Gemini CLI 0.61.0's screen no longer matches ` +
        `protocols/agents/gemini.ts; it shows:\n${last}`,
    );
  }
}

/** Waits until message.agents (list_agents) lists the pane as gemini in `state`. */
async function listedIn(fx: ServerFixture, pane: string, state: string) {
  const listed = async () => {
    const { agents } = await fx.client.call<
      { agents: { pane: string | null; agent: string; state: string | null }[] }
    >("message.agents", {});
    const a = agents.find((a) => a.pane === pane);
    return `${a?.agent} ${a?.state}`;
  };
  await eventually(
    `list_agents to list the pane as gemini ${state}`,
    async () => await listed() === `gemini ${state}`,
    {
      timeoutMs: 10_000,
      detail: async () => `it lists it as ${await listed()}`,
    },
  );
}

Deno.test({
  name: "gemini: hooks give working → blocked → working → idle; needs lists it; answer approves",
  ignore: geminiUnavailable() !== undefined,
  ...E2E,
}, async () => {
  const thinking = gate();
  await using api = await mockGemini([
    held(
      thinking.promise,
      toolUse("run_shell_command", {
        command: "touch weft-gemini.txt",
        description: "Touch a file",
      }),
    ),
    text("Approved and done."),
    toolUse("run_shell_command", { command: "touch weft-denied.txt", description: "Touch" }),
  ]);
  await withServer(async (fx) => {
    const { pane, session } = await startGemini(fx, {
      baseUrl: api.url,
      args: ["--approval-mode", "default"],
    });
    const started = await fx.client.call<Status>("pane.status", { pane });
    strictEqual(started.agent, "gemini");
    strictEqual(started.agentSession?.source, "startup");
    ok(session && /^[0-9a-f-]{36}$/.test(session), String(session));
    await screenShows(fx, pane, "idle");

    await submitPrompt(fx.client, pane, "touch the file");
    // Held by the mock: working, said by BeforeAgent; the footer says so too.
    await until(fx, pane, "working", "hook");
    await screenShows(fx, pane, "working");
    await listedIn(fx, pane, "working");

    thinking.open();
    const blocked = await until(fx, pane, "blocked", "hook");
    strictEqual(blocked.stateMessage, "Shell: touch weft-gemini.txt");
    await screenShows(fx, pane, "blocked");
    await listedIn(fx, pane, "blocked");
    const need = await eventually("the dialog in pane.needs", async () => {
      const { needs } = await fx.client.call<{ needs: Need[] }>("pane.needs", {});
      const n = needs.find((n) => n.pane === pane);
      return n && n.choices.length === 3 && n.fingerprint ? n : undefined;
    }, { timeoutMs: TIMEOUT });
    strictEqual(need.agent, "gemini");
    strictEqual(need.question, "Shell: touch weft-gemini.txt");
    deepStrictEqual(need.choices.map((c) => c.label), [
      "Allow once",
      "Allow for this session",
      "No, suggest changes (esc)",
    ]);

    // Another reading's fingerprint: refused, nothing typed.
    await rejects(
      fx.client.call("pane.answer", { pane, approve: true, fingerprint: "0".repeat(16) }),
      (err: { code?: string }) => err.code === "STALE",
    );
    strictEqual(api.functionResponses().length, 0);
    const answered = await fx.client.call<{ n: number; label: string }>("pane.answer", {
      pane,
      approve: true,
      fingerprint: need.fingerprint,
    });
    deepStrictEqual([answered.n, answered.label], [1, "Allow once"]);

    const results = await eventually("the tool's result at the mock", () => {
      const r = api.functionResponses();
      return r.length ? r : undefined;
    }, { timeoutMs: TIMEOUT });
    strictEqual(results[0]!.name, "run_shell_command");
    ok(!/error/i.test(results[0]!.text), results[0]!.text);
    await Deno.stat(join(fx.dir, "weft-gemini.txt"));

    // AfterAgent: idle; the screen agrees.
    await until(fx, pane, "idle", "hook");
    await screenShows(fx, pane, "idle");
    await listedIn(fx, pane, "idle");
    const { needs } = await fx.client.call<{ needs: Need[] }>("pane.needs", {});
    ok(!needs.some((n) => n.pane === pane), JSON.stringify(needs));
    // The whole turn ran through the hooks: the session stayed the one SessionStart named.
    strictEqual((await fx.client.call<Status>("pane.status", { pane })).agentSession?.id, session);

    // Denied ("No, suggest changes") right away: the CLI cancels the turn and runs no hook at
    // all, and its idle prompt may come within 2 s (the grace) of the hooks' blocked, too soon
    // for the screen to replace it; the watcher looks again when the grace ends.
    await submitPrompt(fx.client, pane, "touch another");
    const again = await until(fx, pane, "blocked", "hook");
    strictEqual(again.stateMessage, "Shell: touch weft-denied.txt");
    await screenShows(fx, pane, "blocked");
    const denied = await fx.client.call<{ label: string }>("pane.answer", { pane, deny: true });
    strictEqual(denied.label, "No, suggest changes (esc)");
    await until(fx, pane, "idle", "screen");
    strictEqual(api.functionResponses().length, 1);
    await rejects(Deno.stat(join(fx.dir, "weft-denied.txt")));
  });
});
