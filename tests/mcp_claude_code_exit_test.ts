/**
 * `weft mcp` ends when the real Claude Code CLI that started it ends: `claude -p` finishing
 * its answer, and `claude -p` killed with SIGKILL in the middle of a turn (no chance to close
 * anything). The pinned Claude Code runs against the project's mock of the Messages API with
 * weft's stdio MCP server in its `--mcp-config`; the mock holds the first turn until the test
 * has found the `weft mcp` process (a descendant of Claude Code, by /proc) serving.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { claudeBinary, claudeEnv, claudeUnavailable } from "./helpers/claude_code.ts";
import { held, mockAnthropic, text } from "./helpers/mock_anthropic.ts";
import { MAIN } from "./helpers/cli.ts";
import { denoDir, weftArgs } from "./helpers/mcp.ts";
import { eventually } from "./helpers/poll.ts";
import { E2E, withServer } from "./helpers/server.ts";

const MCP_ON = { weft: { plugins: { mcp: true, layout: false, sideband: false } } };

/** Generous: the goal is well under a second; this only has to catch "never". */
const GONE_WITHIN_MS = 10_000;

function alive(pid: number): boolean {
  try {
    return !/\) [ZX] /.test(Deno.readTextFileSync(`/proc/${pid}/stat`));
  } catch {
    return false;
  }
}

function parentOf(pid: number): number {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return 0;
  }
}

/** The pid of a live `weft mcp` (this checkout's main.ts) descending from `root`, if any. */
function weftMcpUnder(root: number): number | undefined {
  for (const entry of Deno.readDirSync("/proc")) {
    const pid = Number(entry.name);
    if (!pid || !alive(pid)) continue;
    let args: string[];
    try {
      args = Deno.readTextFileSync(`/proc/${pid}/cmdline`).split("\0");
    } catch {
      continue;
    }
    const at = args.indexOf(MAIN);
    if (at < 0 || args[at + 1] !== "mcp") continue;
    for (let up = parentOf(pid), hops = 0; up > 1 && hops < 8; up = parentOf(up), hops++) {
      if (up === root) return pid;
    }
  }
  return undefined;
}

/**
 * Runs `claude -p` with weft's MCP server; `end(claude, release)` ends it once its
 * `weft mcp` serves (release lets the held turn answer); then waits for that `weft mcp` to go.
 */
async function claudeThenGone(
  end: (claude: Deno.ChildProcess, release: () => void) => Promise<void>,
): Promise<void> {
  await withServer(async ({ dir }) => {
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    await using api = await mockAnthropic([held(released, text("Done."))]);
    const mcpConfig = join(dir, "claude-mcp.json");
    await Deno.writeTextFile(
      mcpConfig,
      JSON.stringify({ mcpServers: { weft: { command: Deno.execPath(), args: weftArgs("mcp") } } }),
    );
    const env = await claudeEnv({
      baseUrl: api.url,
      trust: [dir],
      extra: { DENO_DIR: await denoDir() },
    });
    const claude = new Deno.Command(await claudeBinary(), {
      args: ["-p", "Say done.", "--mcp-config", mcpConfig, "--strict-mcp-config"],
      cwd: dir,
      env,
      clearEnv: true,
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
    let mcp: number | undefined;
    try {
      // The first conversation request names weft's tools (deferred): weft mcp has answered tools/list.
      await eventually("claude to ask the model with weft's tools", () => {
        const asked = api.conversation()[0];
        return asked && JSON.stringify(asked).includes("mcp__weft__");
      }, {
        timeoutMs: 60_000,
        detail: () => JSON.stringify(api.requests.map((r) => [r.path, r.scripted])),
      });
      mcp = await eventually("weft mcp under claude", () => weftMcpUnder(claude.pid));
      await end(claude, release);
      await claude.status;
      const started = performance.now();
      await eventually("weft mcp to end after claude", () => !alive(mcp!), {
        timeoutMs: GONE_WITHIN_MS,
      });
      console.log(`weft mcp ended ${(performance.now() - started).toFixed(0)} ms after claude`);
    } finally {
      release();
      if (alive(claude.pid)) claude.kill("SIGKILL");
      await claude.status;
      if (mcp && alive(mcp)) Deno.kill(mcp, "SIGKILL");
    }
  }, MCP_ON);
}

Deno.test({
  name: "weft mcp ends when claude -p that started it finishes",
  ...E2E,
  ignore: claudeUnavailable() !== undefined,
  fn: () =>
    claudeThenGone(async (claude, release) => {
      release();
      assert.equal((await claude.status).code, 0);
    }),
});

Deno.test({
  name: "weft mcp ends when claude -p that started it is killed with SIGKILL",
  ...E2E,
  ignore: claudeUnavailable() !== undefined,
  fn: () =>
    claudeThenGone((claude) => {
      claude.kill("SIGKILL");
      return Promise.resolve();
    }),
});
