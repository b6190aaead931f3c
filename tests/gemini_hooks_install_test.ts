// `weft hooks install --agent gemini` with the real Gemini CLI (0.61.0, pinned, against the
// project's mock Gemini API), into the project's .gemini/settings.json (the default): the hooks
// it writes are the ones the CLI runs, their reports reach weft, and `weft hooks uninstall`
// takes exactly weft's out again.
import { ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { geminiUnavailable } from "./helpers/gemini.ts";
import { startGemini, submitPrompt } from "./helpers/gemini_pane.ts";
import { hooksCli, idleByHooks } from "./helpers/hooks_cli.ts";
import { mockGemini, text as geminiText } from "./helpers/mock_gemini.ts";
import { E2E, withServer } from "./helpers/server.ts";

Deno.test({
  name: "weft hooks install --agent gemini: the real Gemini CLI runs them from the project",
  ignore: geminiUnavailable() !== undefined,
  ...E2E,
}, async () => {
  await using api = await mockGemini([geminiText("Hello from the mock.")]);
  await withServer(async (fx) => {
    const { pane, session } = await startGemini(fx, {
      baseUrl: api.url,
      install: async (env) => {
        const done = await hooksCli(fx.dir, env, "install", "--agent", "gemini", "--dir", fx.dir);
        strictEqual(done.code, 0, done.err);
        ok(done.out.includes(join(fx.dir, ".gemini", "settings.json")), done.out);
      },
    });
    ok(session, "SessionStart came through the installed hook");
    await submitPrompt(fx.client, pane, "say hello");
    await idleByHooks(fx, pane);
    const removed = await hooksCli(fx.dir, {}, "uninstall", "--agent", "gemini", "--dir", fx.dir);
    ok(removed.out.includes("removed weft's hooks (7)"), removed.out);
  });
});
