// Exactly once when typing into the real Codex CLI (pinned npm build, against the mock Responses
// API, weft's hooks installed and trusted), with Codex's transcript deciding: two messages with
// the same text, and the server killed with kill -9 after the second was typed into the prompt
// but before Enter. Restored, Codex resumes the conversation (`codex resume <id>`, appending to
// the same rollout), its screen showing the first message; the second's intent is resolved by
// what the rollout holds after the intent's mark (not there: typed again), not by the screen's
// history, which would take the first for it and lose the second (the old code's answer,
// without Codex's transcript format: the message read `typed` and never sent).
import { ok, strictEqual } from "node:assert/strict";
import { codexUnavailable } from "./helpers/codex.ts";
import { cleanCodex, codexPane, codexShows, codexSubmit } from "./helpers/codex_pane.ts";
import { mockOpenAI, prompts, text } from "./helpers/mock_openai.ts";
import { eventually } from "./helpers/poll.ts";
import { deliveredVia, idleByHook } from "./helpers/messages.ts";
import { killHard, type ServeChild, serveChild, tempProject } from "./helpers/serve_child.ts";
import { E2E } from "./helpers/server.ts";
import { promptDraft } from "../protocols/agents/mod.ts";

const TIMEOUT = 60_000;
const SAME = "the very same words";

Deno.test({
  name: "codex typed once: the same text twice and a crash before the second's Enter: each " +
    "reaches the model once (the rollout decides, not the screen)",
  ignore: codexUnavailable() !== undefined,
  ...E2E,
}, async () => {
  await using api = await mockOpenAI([text("Hi.")], { after: text("Noted.") });
  /** How many prompts of the latest request say SAME (typed twice: 2). */
  const turns = () => prompts(api.conversation().at(-1)!).filter((p) => p.includes(SAME)).length;
  // A long pause before Enter: the second message stays typed, not submitted, while the
  // server is killed.
  const dir = await tempProject({ plugins: { message: { options: { pauseMs: 6000 } } } });
  const alive = new Set<ServeChild>();
  const serve = async () => {
    const child = await serveChild(dir);
    alive.add(child);
    return child;
  };
  let env: Record<string, string> = {};
  try {
    const first = await serve();
    const started = await codexPane(first.client, {
      baseUrl: api.url,
      dir,
      hooks: true,
      split: "p1",
    });
    env = started.env;
    const { pane } = started;
    await codexSubmit(first.client, pane, "hello", () => api.played >= 1);
    await idleByHook(first.client, pane, "Stop");
    const one = await first.client.call<{ message_id: string }>("message.send", {
      to: pane,
      content: SAME,
    });
    await eventually("the first message typed", async () => {
      return await deliveredVia(first.client, one.message_id) === "typed";
    }, { timeoutMs: TIMEOUT });
    // Read typed once the prompt emptied; its request may reach the mock a moment later.
    await eventually("the first message in a request", () => turns() === 1, { timeoutMs: TIMEOUT });
    await idleByHook(first.client, pane, "Stop");
    // The store has the pane's session (its resume) before the kill.
    await new Promise((r) => setTimeout(r, 500));
    const two = await first.client.call<{ message_id: string }>("message.send", {
      to: pane,
      content: SAME,
    });
    // Typed into the prompt, Enter not yet pressed: the crash.
    await eventually("the second message in the prompt", async () => {
      const { text } = await first.client.call<{ text: string }>("pane.read", { pane });
      return promptDraft("codex", text.split("\n"))?.includes(SAME);
    }, { timeoutMs: TIMEOUT });
    alive.delete(first);
    await killHard(first);
    strictEqual(turns(), 1, "the second was never submitted");

    const second = await serve();
    const status = await second.client.call<{ argv: string[] }>("pane.status", { pane });
    ok(status.argv.includes("resume"), status.argv.join(" "));
    // Codex's own screen (the first message in its history), over weft's dimmed copy.
    const fresh = (shown: string) =>
      !shown.includes(`restored ${pane}:`) && shown.includes(SAME) &&
      shown.includes("for shortcuts");
    await codexShows(second.client, pane, fresh, { argv: status.argv, env, cwd: dir });
    const before = api.conversation().length;
    await codexSubmit(second.client, pane, "carry on", () => api.conversation().length > before);
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
    await idleByHook(second.client, pane, "Stop");
    strictEqual(turns(), 2, "each message reached the model once");
  } finally {
    for (const child of alive) await killHard(child).catch(() => {});
    await cleanCodex(env);
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
