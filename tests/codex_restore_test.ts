// A real Codex CLI pane (pinned npm build, against the mock Responses API, with weft's hooks)
// restored after a kill -9 of the server resumes its conversation: the pane comes back as
// `codex resume <session id>` with its flags, the id being the one Codex's hooks named (not
// `--last`), and the first request the mock sees after the restart carries the prompts from
// before.
import { deepStrictEqual, ok } from "node:assert/strict";
import { codexUnavailable } from "./helpers/codex.ts";
import { cleanCodex, codexPane, codexShows, codexSubmit } from "./helpers/codex_pane.ts";
import { mockOpenAI, prompts, text } from "./helpers/mock_openai.ts";
import { waitForText } from "./helpers/panes.ts";
import { eventually } from "./helpers/poll.ts";
import { killHard, serveChild, tempProject } from "./helpers/serve_child.ts";
import { E2E } from "./helpers/server.ts";

const TIMEOUT = 60_000;

Deno.test({
  name: "codex: a pane restored after kill -9 resumes its conversation with codex resume <id>",
  ignore: codexUnavailable() !== undefined,
  ...E2E,
}, async () => {
  await using api = await mockOpenAI([
    text("Noted: kiwi."),
    (request) => text(prompts(request).some((p) => p.includes("kiwi")) ? "It was kiwi." : "?"),
  ]);
  const dir = await tempProject();
  let env: Record<string, string> = {};
  try {
    const first = await serveChild(dir);
    let session: string;
    let argv: string[];
    let pane: string;
    try {
      const started = await codexPane(first.client, {
        baseUrl: api.url,
        dir,
        hooks: true,
        split: "p1",
        args: ["-m", "gpt-5.1-codex", "-s", "read-only"],
      });
      ({ env, argv, pane } = started);
      await codexSubmit(first.client, pane, "remember the word kiwi", () => api.played >= 1);
      await waitForText(first.client, { pane, match: "Noted: kiwi.", timeout: TIMEOUT });
      session = await eventually("the pane's agent session", async () => {
        const s = await first.client.call("pane.status", { pane });
        return s.agentSession?.id as string | undefined;
      }, { timeoutMs: TIMEOUT });
      deepStrictEqual(session, api.requests.find((r) => r.scripted)!.headers["session-id"]);
      // The store has it before the kill (a pane's change is written within 100 ms).
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      await killHard(first);
    }
    const before = api.conversation().length;

    const second = await serveChild(dir);
    try {
      const status = await second.client.call<{ argv: string[] }>("pane.status", { pane });
      deepStrictEqual(status.argv, [
        argv[0],
        "resume",
        session,
        "--no-daemon",
        "-m",
        "gpt-5.1-codex",
        "-s",
        "read-only",
      ]);
      // Codex's own screen, drawn over weft's dimmed copy of the old one and its note.
      const fresh = (text: string) =>
        !text.includes(`restored ${pane}:`) && text.includes("Noted: kiwi.") &&
        text.includes("for shortcuts");
      await codexShows(second.client, pane, fresh, { argv: status.argv, env, cwd: dir });
      // A resumed Codex may also drop the first Enter while it still loads the conversation.
      await codexSubmit(second.client, pane, "which word was it", () => api.played >= 2);
      await waitForText(second.client, { pane, match: "It was kiwi.", timeout: TIMEOUT });
      const seen = prompts(api.conversation()[before]!);
      ok(seen.some((p) => p.includes("remember the word kiwi")), seen.join(" | "));
      ok(seen.some((p) => p.includes("which word was it")), seen.join(" | "));
      // The same conversation: Codex sends the same session id after the restart.
      deepStrictEqual(
        api.requests.filter((r) => r.scripted).at(-1)!.headers["session-id"],
        session,
      );
    } finally {
      await killHard(second);
    }
  } finally {
    await cleanCodex(env);
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
