// The real Codex CLI (pinned) when the API fails (the mock answers 400): Codex shows the API's
// error and is back at its prompt, with nothing retried. Its hooks said working at the prompt
// and, the turn failing, say nothing more (Codex 0.171.0 runs no hook then): the idle prompt its
// screen still shows once the hooks' grace is over makes the pane idle.
import { ok, strictEqual } from "node:assert/strict";
import { codexUnavailable } from "./helpers/codex.ts";
import { cleanCodex, codexPane, codexSubmit } from "./helpers/codex_pane.ts";
import { failure, mockOpenAI } from "./helpers/mock_openai.ts";
import { waitForText } from "./helpers/panes.ts";
import { eventually } from "./helpers/poll.ts";
import { E2E, withServer } from "./helpers/server.ts";

const TIMEOUT = 60_000;

Deno.test({
  name: "codex: an API failure shows on its screen and leaves it idle, not retried",
  ignore: codexUnavailable() !== undefined,
  ...E2E,
}, async () => {
  await using api = await mockOpenAI([failure(400, "invalid_request_error", "mock: no model")]);
  let env: Record<string, string> = {};
  try {
    await withServer(async (fx) => {
      const started = await codexPane(fx.client, { baseUrl: api.url, dir: fx.dir, hooks: true });
      env = started.env;
      const { pane } = started;
      await codexSubmit(fx.client, pane, "do something", () => api.played >= 1);
      await waitForText(fx.client, { pane, match: "mock: no model", timeout: TIMEOUT });
      await eventually("working, from the hooks", async () => {
        const s = await fx.client.call("pane.status", { pane });
        return s.stateSource === "hook";
      }, { timeoutMs: TIMEOUT });
      await eventually("idle after the failure, read from the screen", async () => {
        const s = await fx.client.call("pane.status", { pane });
        return s.state === "idle" && s.stateSource === "screen";
      }, {
        timeoutMs: TIMEOUT,
        detail: async () => (await fx.client.call("pane.read", { pane })).text,
      });
      strictEqual(api.conversation().length, 1, "a 400 is not retried");
      ok((await fx.client.call("pane.read", { pane })).text.includes("for shortcuts"));
    });
  } finally {
    await cleanCodex(env);
  }
});
