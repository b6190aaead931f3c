// `weft hooks install` with the real agent CLIs (pinned, against the project's mock APIs): the
// hooks it writes are the ones the CLI runs, and their reports reach weft. Codex 0.171.0 with
// `--user` into the test's CODEX_HOME, and into its trusted project's .codex/config.toml (trusted
// at its start-up review, as a user would), the
// Gemini CLI 0.61.0 into the project's .gemini/settings.json (the default). Afterwards the file
// still holds weft's entries beside what the CLI itself wrote, and `weft hooks uninstall` takes
// exactly weft's out again.
import { ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { parse } from "smol-toml";
import { weft } from "../main.ts";
import { codexUnavailable } from "./helpers/codex.ts";
import { cleanCodex, codexPane, codexSubmit } from "./helpers/codex_pane.ts";
import { geminiUnavailable } from "./helpers/gemini.ts";
import { startGemini, submitPrompt } from "./helpers/gemini_pane.ts";
import { mockGemini, text as geminiText } from "./helpers/mock_gemini.ts";
import { mockOpenAI, text } from "./helpers/mock_openai.ts";
import { eventually } from "./helpers/poll.ts";
import { E2E, type ServerFixture, withServer } from "./helpers/server.ts";

/** `weft hooks …` in-process, in `dir`, with the agent's environment. */
async function hooksCli(dir: string, env: Record<string, string>, ...args: string[]) {
  let out = "";
  let err = "";
  const code = await weft(["hooks", ...args], {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    cwd: dir,
    env: (name) => env[name],
  });
  return { code, out, err };
}

interface Status {
  state: string;
  stateSource: string;
  agentSession: { id: string } | null;
}

/** Waits until the pane is idle by its hooks with a session id; shows the screen if not. */
function idleByHooks(fx: ServerFixture, pane: string) {
  return eventually("idle from the hooks, with the session", async () => {
    const s = await fx.client.call<Status>("pane.status", { pane });
    return s.state === "idle" && s.stateSource === "hook" && s.agentSession !== null && s;
  }, {
    timeoutMs: 60_000,
    detail: async () =>
      JSON.stringify(await fx.client.call("pane.status", { pane })) + "\n" +
      (await fx.client.call<{ text: string }>("pane.read", { pane })).text,
  });
}

for (const scope of ["user", "project"] as const) {
  Deno.test({
    name: `weft hooks install --agent codex (${scope}): the real Codex CLI runs them once trusted`,
    ignore: codexUnavailable() !== undefined,
    ...E2E,
  }, async () => {
    await using api = await mockOpenAI([text("Hello from the mock.")]);
    let env: Record<string, string> = {};
    try {
      await withServer(async (fx) => {
        // --user: $CODEX_HOME/config.toml; else the (trusted) project's .codex/config.toml.
        const where = scope === "user" ? ["--user"] : ["--dir", fx.dir];
        const { pane } = await codexPane(fx.client, {
          baseUrl: api.url,
          dir: fx.dir,
          hooks: async (e) => {
            env = e;
            const installed = await hooksCli(fx.dir, e, "install", "--agent", "codex", ...where);
            strictEqual(installed.code, 0, installed.err);
            ok(installed.out.includes("Hooks need review"), installed.out);
          },
        });
        await codexSubmit(fx.client, pane, "say hello", () => api.conversation().length >= 1);
        await idleByHooks(fx, pane);

        const file = scope === "user"
          ? join(env.CODEX_HOME!, "config.toml")
          : join(fx.dir, ".codex", "config.toml");
        const status = JSON.parse(
          (await hooksCli(fx.dir, env, "status", "--dir", fx.dir, "--json")).out,
        );
        const row = status.files.find((f: { agent: string; scope: string }) =>
          f.agent === "codex" && f.scope === scope
        );
        strictEqual(row.file, file);
        strictEqual(row.state, "installed", await Deno.readTextFile(file));
        const removed = await hooksCli(fx.dir, env, "uninstall", "--agent", "codex", ...where);
        strictEqual(removed.code, 0, removed.err);
        ok(removed.out.includes("removed weft's hooks (7)"), removed.out);
        const user = await Deno.readTextFile(join(env.CODEX_HOME!, "config.toml"));
        ok(!user.includes("# weft hooks"), user);
        const config = parse(user) as { model_provider?: string };
        strictEqual(config.model_provider, "mock", "the test's own settings stay");
      });
    } finally {
      await cleanCodex(env);
    }
  });
}

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
