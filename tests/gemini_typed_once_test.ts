// Exactly once when typing into the real Gemini CLI (pinned npm 0.61.0, against the mock Gemini
// API, weft's hooks in its settings), with its transcript deciding: two messages with the same
// text, and the server killed with kill -9 after the second was typed into the prompt but
// before Enter. Restored, the CLI resumes the conversation (`--resume <id>`, appending to the
// same chat recording); the second's intent is resolved by what the recording holds after the
// intent's mark (not there: typed again), not by the screen's history, which may show the
// first.
import { ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { geminiCommand, geminiEnv, geminiUnavailable } from "./helpers/gemini.ts";
import { hookSettings, submitPrompt, untilPrompt } from "./helpers/gemini_pane.ts";
import { mockGemini, text } from "./helpers/mock_gemini.ts";
import { eventually } from "./helpers/poll.ts";
import { deliveredVia, idleByHook } from "./helpers/messages.ts";
import { killHard, type ServeChild, serveChild, tempProject } from "./helpers/serve_child.ts";
import { E2E } from "./helpers/server.ts";
import { promptDraft } from "../protocols/agents/mod.ts";

const TIMEOUT = 60_000;
const SAME = "the very same words";

/** Ends the pane's CLI if it still runs (a PTY's hang-up ends it; this makes sure). */
function killPid(pid: number, script: string) {
  try {
    if (Deno.readTextFileSync(`/proc/${pid}/cmdline`).includes(script)) Deno.kill(pid, "SIGKILL");
  } catch { /* gone already */ }
}

Deno.test({
  name: "gemini typed once: the same text twice and a crash before the second's Enter: each " +
    "reaches the model once (the chat recording decides, not the screen)",
  ignore: geminiUnavailable() !== undefined,
  ...E2E,
}, async () => {
  await using api = await mockGemini([text("Hi.")], { after: text("Noted.") });
  /** How many prompts of the latest request say SAME (typed twice: 2). */
  const turns = () =>
    api.prompts(api.conversation().at(-1)!).filter((p) => p.includes(SAME)).length;
  // A long pause before Enter: the second message stays typed, not submitted, while the
  // server is killed.
  const dir = await tempProject({ plugins: { message: { options: { pauseMs: 6000 } } } });
  const alive = new Set<ServeChild>();
  const serve = async () => {
    const child = await serveChild(dir);
    alive.add(child);
    return child;
  };
  const pids: number[] = [];
  const argv = await geminiCommand();
  try {
    const env = await geminiEnv({
      home: join(dir, ".home"),
      baseUrl: api.url,
      trust: [dir],
      settings: hookSettings(),
    });
    const first = await serve();
    const { id: pane } = await first.client.call<{ id: string }>("pane.create", {
      split: "p1",
      argv,
      env,
      cwd: dir,
    });
    ok(await untilPrompt(first.client, pane, true));
    await submitPrompt(first.client, pane, "hello");
    await idleByHook(first.client, pane, "AfterAgent");
    const one = await first.client.call<{ message_id: string }>("message.send", {
      to: pane,
      content: SAME,
    });
    await eventually("the first message typed", async () => {
      return await deliveredVia(first.client, one.message_id) === "typed";
    }, { timeoutMs: TIMEOUT });
    // Read typed once the prompt emptied; its request may reach the mock a moment later.
    await eventually("the first message in a request", () => turns() === 1, { timeoutMs: TIMEOUT });
    await idleByHook(first.client, pane, "AfterAgent");
    const s = await first.client.call<{ current: { pid: number } | null }>("pane.status", { pane });
    if (s.current?.pid) pids.push(s.current.pid);
    // The store has the pane's session (its resume) before the kill.
    await new Promise((r) => setTimeout(r, 500));
    const two = await first.client.call<{ message_id: string }>("message.send", {
      to: pane,
      content: SAME,
    });
    // Typed into the prompt, Enter not yet pressed: the crash.
    await eventually("the second message in the prompt", async () => {
      const { text } = await first.client.call<{ text: string }>("pane.read", { pane });
      return promptDraft("gemini", text.split("\n"))?.includes(SAME);
    }, { timeoutMs: TIMEOUT });
    alive.delete(first);
    await killHard(first);
    strictEqual(turns(), 1, "the second was never submitted");

    const second = await serve();
    const status = await second.client.call<{ argv: string[] }>("pane.status", { pane });
    ok(status.argv.includes("--resume"), status.argv.join(" "));
    await eventually("the CLI to say it resumed", async () => {
      const s = await second.client.call<{
        agentSession: { source: string | null } | null;
        current: { pid: number } | null;
      }>("pane.status", { pane });
      if (s.current?.pid && !pids.includes(s.current.pid)) pids.push(s.current.pid);
      return s.agentSession?.source === "resume";
    }, { timeoutMs: TIMEOUT });
    await untilPrompt(second.client, pane, true);
    await submitPrompt(second.client, pane, "carry on");
    await eventually("the second message in a request", () => turns() === 2, {
      timeoutMs: TIMEOUT,
      detail: async () => (await second.client.call<{ text: string }>("pane.read", { pane })).text,
    });
    await eventually("both read typed", async () => {
      for (const m of [one, two]) {
        if (await deliveredVia(second.client, m.message_id) !== "typed") return false;
      }
      return true;
    }, { timeoutMs: TIMEOUT });
    await idleByHook(second.client, pane, "AfterAgent");
    strictEqual(turns(), 2, "each message reached the model once");
  } finally {
    for (const child of alive) await killHard(child).catch(() => {});
    for (const pid of pids) killPid(pid, argv.at(-1)!);
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
