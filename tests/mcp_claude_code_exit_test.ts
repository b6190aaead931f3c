/**
 * `weft mcp` ends when the real Claude Code CLI that started it ends: `claude -p` finishing
 * its answer, `claude -p` killed with SIGKILL in the middle of a turn (no chance to close
 * anything), and the interactive TUI in a weft pane left with `/exit`. The pinned Claude Code runs against the project's mock of the Messages API with
 * weft's stdio MCP server in its `--mcp-config`; the mock holds the first turn until the test
 * has found the `weft mcp` process (a descendant of Claude Code, by /proc) serving.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { claudeBinary, claudeEnv, claudeUnavailable } from "./helpers/claude_code.ts";
import { held, mockAnthropic, text } from "./helpers/mock_anthropic.ts";
import { MAIN } from "./helpers/cli.ts";
import { denoDir, weftArgs } from "./helpers/mcp.ts";
import { waitForText } from "./helpers/panes.ts";
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

/** Writes weft's stdio MCP server into a Claude Code `--mcp-config` file in `dir`. */
async function mcpConfigIn(dir: string): Promise<string> {
  const file = join(dir, "claude-mcp.json");
  await Deno.writeTextFile(
    file,
    JSON.stringify({ mcpServers: { weft: { command: Deno.execPath(), args: weftArgs("mcp") } } }),
  );
  return file;
}

/** True once a request of the conversation names weft's tools: weft mcp answered tools/list. */
function askedWithWeftTools(api: { conversation(): unknown[] }): boolean {
  const asked = api.conversation()[0];
  return asked !== undefined && JSON.stringify(asked).includes("mcp__weft__");
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
    const mcpConfig = await mcpConfigIn(dir);
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
      await eventually("claude to ask the model with weft's tools", () => askedWithWeftTools(api), {
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

Deno.test({
  name: "weft mcp ends when interactive claude in a weft pane is left with /exit",
  ...E2E,
  ignore: claudeUnavailable() !== undefined,
  fn: () =>
    withServer(async ({ dir, client }) => {
      await using api = await mockAnthropic([], { after: text("Done.") });
      const bin = await claudeBinary();
      const env = await claudeEnv({
        baseUrl: api.url,
        trust: [dir],
        extra: { DENO_DIR: await denoDir() },
      });
      const { pane } = await client.call<{ pane: string }>("session.create", {
        argv: [bin, "--mcp-config", await mcpConfigIn(dir), "--strict-mcp-config"],
        env,
        cwd: dir,
      });
      let claude: number | undefined;
      let mcp: number | undefined;
      try {
        await waitForText(client, { pane, match: "for shortcuts", timeout: 60_000 });
        // The TUI asks the model before its MCP servers are connected ("still connecting"):
        // one more prompt each time, until a request names weft's tools.
        let typed = 0;
        await eventually("a request naming weft's tools", async () => {
          const asked = api.conversation();
          if (asked.length && JSON.stringify(asked.at(-1)).includes("mcp__weft__")) return true;
          if (asked.length >= typed) {
            typed++;
            await client.call("pane.write", { pane, text: "say done", submit: true });
          }
          return false;
        }, { timeoutMs: 60_000, intervalMs: 200 });
        claude = await eventually("claude's pid", () => claudeIn(bin, dir));
        mcp = await eventually("weft mcp under claude", () => weftMcpUnder(claude!));
        await client.call("pane.write", { pane, text: "/exit", submit: true });
        await eventually("claude to exit", () => !alive(claude!), { timeoutMs: 30_000 });
        const started = performance.now();
        await eventually("weft mcp to end after claude", () => !alive(mcp!), {
          timeoutMs: GONE_WITHIN_MS,
        });
        console.log(
          `weft mcp ended ${
            (performance.now() - started).toFixed(0)
          } ms after claude exited on /exit`,
        );
      } finally {
        if (claude && alive(claude)) Deno.kill(claude, "SIGKILL");
        if (mcp && alive(mcp)) Deno.kill(mcp, "SIGKILL");
      }
    }, MCP_ON),
});

/** The pid of the Claude Code binary `bin` running in `dir` (this test's own project). */
function claudeIn(bin: string, dir: string): number | undefined {
  for (const entry of Deno.readDirSync("/proc")) {
    const pid = Number(entry.name);
    if (!pid || !alive(pid)) continue;
    try {
      const argv0 = Deno.readTextFileSync(`/proc/${pid}/cmdline`).split("\0")[0];
      if (argv0 === bin && Deno.readLinkSync(`/proc/${pid}/cwd`) === dir) return pid;
    } catch { /* gone meanwhile, or not ours */ }
  }
  return undefined;
}
