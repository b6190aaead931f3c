// The Codex CLI typed into a shell pane, as `codex` (the pinned native build on PATH) and as
// `npx --offline @openai/codex` (npm's launcher from the project's node_modules, which runs the
// native build): the pane becomes a codex pane (kind from its foreground process) with its
// state, and a shell again after Codex's `/quit`.
import { strictEqual } from "node:assert/strict";
import { dirname, join } from "node:path";
import { CODEX_VERSION, codexBinary, codexEnv, codexUnavailable } from "./helpers/codex.ts";
import { npmPackage } from "./helpers/claude_code.ts";
import { cleanCodex, SLOW_START } from "./helpers/codex_pane.ts";
import { mockOpenAI } from "./helpers/mock_openai.ts";
import { waitForText } from "./helpers/panes.ts";
import { eventually } from "./helpers/poll.ts";
import { E2E, withServer } from "./helpers/server.ts";

const TIMEOUT = 60_000;

interface Status {
  agent: string;
  state: string;
  current: { program: string } | null;
}

for (
  const [how, line] of [
    ["codex", "codex --no-daemon"],
    ["npx", `npx --offline @openai/codex --no-daemon`],
  ] as const
) {
  Deno.test({
    name:
      `codex: typed into a shell pane as ${how}, the pane is a codex pane; /quit makes it a shell`,
    ignore: codexUnavailable() !== undefined || (how === "npx" && !hasNpx()),
    ...E2E,
  }, async () => {
    await using api = await mockOpenAI([]);
    let env: Record<string, string> = {};
    try {
      await withServer(async (fx) => {
        env = await codexEnv({ baseUrl: api.url, trust: [fx.dir] });
        env.PATH = `${dirname(await codexBinary())}:${env.PATH}`;
        // An empty npm cache: npx --offline can only run the project's own copy.
        env.npm_config_cache = join(fx.dir, ".npm-cache");
        env.npm_config_update_notifier = "false";
        // Under `npx deno task ok` (a machine with no deno: CI's way) npm's own variables reach
        // the pane, and npm_config_local_prefix would make this npx look for the package in
        // weft's checkout instead of the project: the project is the pane's folder.
        env.npm_config_local_prefix = fx.dir;
        if (how === "npx") await npmProject(fx.dir);
        const { pane } = await fx.client.call<{ pane: string }>("session.create", {
          argv: ["bash", "--norc", "--noprofile"],
          env,
          cwd: fx.dir,
        });
        const status = () => fx.client.call<Status>("pane.status", { pane });
        strictEqual((await status()).agent, "shell");

        const screen = async () => (await fx.client.call("pane.read", { pane })).text;
        await fx.client.call("pane.write", { pane, text: line, submit: true });
        await eventually("the pane to become a codex pane", async () => {
          const s = await status();
          return s.agent === "codex";
        }, { timeoutMs: TIMEOUT, detail: screen });
        // Codex gives up at start-up on a machine too busy (codex_pane.ts): typed again then.
        for (let start = 1;; start++) {
          const seen = await eventually("Codex's prompt", async () => {
            const shown = await screen();
            if (shown.includes("for shortcuts")) return "ready";
            return shown.includes(SLOW_START) && (await status()).agent === "shell"
              ? "slow"
              : undefined;
          }, { timeoutMs: TIMEOUT, detail: screen });
          if (seen === "ready" || start === 3) break;
          await fx.client.call("pane.write", { pane, text: "clear", submit: true });
          await fx.client.call("pane.write", { pane, text: line, submit: true });
        }
        await waitForText(fx.client, { pane, match: "for shortcuts", timeout: TIMEOUT });
        await eventually("its state read from its screen", async () => {
          const s = await status();
          return s.agent === "codex" && s.state === "idle";
        }, { timeoutMs: TIMEOUT });

        await fx.client.call("pane.write", { pane, text: "/quit" });
        await waitForText(fx.client, { pane, match: "› /quit", timeout: TIMEOUT });
        await fx.client.call("pane.write", { pane, keys: ["Enter"] });
        await eventually("the pane to be a shell again", async () => {
          const s = await status();
          return s.agent === "shell" && s.current?.program === "bash";
        }, {
          timeoutMs: TIMEOUT,
          detail: async () => (await fx.client.call("pane.read", { pane })).text,
        });
      });
    } finally {
      await cleanCodex(env);
    }
  });
}

/**
 * The project's own node_modules with Codex as npm installs it (the launcher package and its
 * native build as the optional dependency it resolves), from Deno's npm cache: `npx --offline`
 * runs it without the network (from the registry npx fetched ~590 MB and timed out in the gate).
 */
async function npmProject(dir: string): Promise<void> {
  const scope = join(dir, "node_modules", "@openai");
  await Deno.mkdir(scope, { recursive: true });
  // The launcher is copied, not linked: Node resolves its optional dependency from its real
  // path's node_modules.
  const launcher = await npmPackage("@openai/codex", CODEX_VERSION);
  await new Deno.Command("cp", { args: ["-r", launcher, join(scope, "codex")] }).output();
  await Deno.symlink(
    join(dirname(await codexBinary()), "..", "..", ".."),
    join(scope, `codex-${Deno.build.os}-${Deno.build.arch === "aarch64" ? "arm64" : "x64"}`),
  );
  await Deno.mkdir(join(dir, "node_modules", ".bin"));
  await Deno.symlink("../@openai/codex/bin/codex.js", join(dir, "node_modules", ".bin", "codex"));
}

function hasNpx(): boolean {
  try {
    return new Deno.Command("npx", { args: ["--version"], stdout: "null", stderr: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
}
