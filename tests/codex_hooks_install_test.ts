// `weft hooks install --agent codex` with the real Codex CLI (0.171.0, pinned, against the
// project's mock OpenAI API): `--user` into the test's CODEX_HOME, and into its trusted
// project's .codex/config.toml (trusted at its start-up review, as a user would). The hooks it
// writes are the ones the CLI runs, and their reports reach weft; afterwards the file still holds
// what the CLI itself wrote, and `weft hooks uninstall` takes exactly weft's out again.
import { ok, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { parse } from "smol-toml";
import { codexUnavailable } from "./helpers/codex.ts";
import { cleanCodex, codexPane, codexSubmit } from "./helpers/codex_pane.ts";
import { hooksCli, idleByHooks } from "./helpers/hooks_cli.ts";
import { mockOpenAI, text } from "./helpers/mock_openai.ts";
import { E2E, withServer } from "./helpers/server.ts";

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
