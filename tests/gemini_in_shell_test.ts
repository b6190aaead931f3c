// The Gemini CLI started from a shell pane, the common case: typing `gemini` (the pinned npm
// 0.61.0, on PATH as the `gemini` program a global install gives, relaunching itself as it does
// by default), and typing `npx --offline @google/gemini-cli` in a project that has the package
// in its node_modules (npx runs it without the network). Each time the pane becomes a `gemini`
// pane, listed as such by message.agents (list_agents), and a shell again after `/quit`.
import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { geminiBinDir, geminiEnv, geminiScript, geminiUnavailable } from "./helpers/gemini.ts";
import { GEMINI_START_MS, submitPrompt, untilPrompt } from "./helpers/gemini_pane.ts";
import { mockGemini } from "./helpers/mock_gemini.ts";
import { eventually } from "./helpers/poll.ts";
import { E2E, type ServerFixture, withServer } from "./helpers/server.ts";

interface Status {
  agent: string;
  current: { program: string; argv: string[] } | null;
}

/** A project whose node_modules holds the pinned package, as `npm install` would leave it. */
async function npmProject(dir: string): Promise<void> {
  const pkg = join(dir, "node_modules", "@google", "gemini-cli");
  await Deno.mkdir(join(pkg, ".."), { recursive: true });
  await Deno.symlink(join(await geminiScript(), "..", ".."), pkg);
  await Deno.mkdir(join(dir, "node_modules", ".bin"));
  await Deno.symlink(
    "../@google/gemini-cli/bundle/gemini.js",
    join(dir, "node_modules", ".bin", "gemini"),
  );
}

async function becomes(fx: ServerFixture, pane: string, agent: string, program?: string) {
  return await eventually(`the pane to be a ${agent} pane`, async () => {
    const s = await fx.client.call<Status>("pane.status", { pane });
    return s.agent === agent && (!program || s.current?.program === program) ? s : undefined;
  }, {
    timeoutMs: GEMINI_START_MS,
    detail: async () =>
      JSON.stringify(await fx.client.call("pane.status", { pane })) + "\n" +
      (await fx.client.call<{ text: string }>("pane.read", { pane })).text,
  });
}

/** Waits until message.agents (list_agents) lists the pane as `agent` (its view follows). */
async function listedAs(fx: ServerFixture, pane: string, agent: string): Promise<void> {
  const listed = async () => {
    const { agents } = await fx.client.call<
      { agents: { pane: string | null; agent: string }[] }
    >("message.agents", {});
    return agents.find((a) => a.pane === pane)?.agent;
  };
  await eventually(
    `list_agents to list the pane as ${agent}`,
    async () => await listed() === agent,
    {
      timeoutMs: 10_000,
      detail: async () => `it lists it as ${await listed()}`,
    },
  );
}

Deno.test({
  name: "gemini typed into a shell pane, and through npx, makes it a gemini pane; /quit a shell",
  ignore: geminiUnavailable() !== undefined,
  ...E2E,
}, async () => {
  await using api = await mockGemini([]);
  await withServer(async (fx) => {
    const home = join(fx.dir, ".home");
    const env = await geminiEnv({
      home,
      baseUrl: api.url,
      trust: [fx.dir],
      // As installed: it relaunches itself with a larger heap (two node processes).
      extra: { GEMINI_CLI_NO_RELAUNCH: "" },
    });
    env.PATH = `${await geminiBinDir(home)}:${env.PATH}`;
    // Under `npx deno task ok` (CI's way, with no deno installed) npm's variables reach the
    // pane; npm_config_local_prefix would send this npx to weft's checkout, not the project.
    env.npm_config_local_prefix = fx.dir;
    await npmProject(fx.dir);
    const { pane } = await fx.client.call<{ pane: string }>("session.create", {
      argv: ["bash", "--norc", "--noprofile"],
      env,
      cwd: fx.dir,
    });
    strictEqual((await fx.client.call<Status>("pane.status", { pane })).agent, "shell");

    for (const typed of ["gemini", "npx --offline @google/gemini-cli"]) {
      await fx.client.call("pane.write", { pane, text: typed, submit: true });
      const s = await becomes(fx, pane, "gemini");
      await listedAs(fx, pane, "gemini");
      await untilPrompt(fx.client, pane, false);
      await submitPrompt(fx.client, pane, "/quit");
      // The relaunched CLI is two node processes: the pane is a shell again once the last one
      // ends (the gate saw "shell" with node still in front for a moment).
      const back = await becomes(fx, pane, "shell", "bash");
      deepStrictEqual([typed, back.current?.program], [typed, "bash"], JSON.stringify(s));
      await listedAs(fx, pane, "shell");
    }
  });
});
