/**
 * The real Claude Code CLI (npm `@anthropic-ai/claude-code`, pinned) run headless against a
 * mock of the Anthropic Messages API, with weft's stdio MCP server in its `--mcp-config`. The
 * mock plays the model: it creates a pane that prints a marker, waits for it, reads it, and
 * ends with text. The test checks that the pane really exists in weft and that the
 * `tool_result` Claude Code sent back to the "model" holds the pane's output.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { claudeBinary, claudeEnv, claudeUnavailable } from "./helpers/claude_code.ts";
import { type MessagesRequest, mockAnthropic, text, toolUse } from "./helpers/mock_anthropic.ts";
import { denoDir, weftArgs } from "./helpers/mcp.ts";
import { E2E, withServer } from "./helpers/server.ts";

/** The pane id in the last tool_result of a request (create_pane's result is pane info). */
function paneFromLastResult(request: MessagesRequest): string {
  const last = request.messages.at(-1);
  const blocks = Array.isArray(last?.content) ? last.content : [];
  const result = blocks.find((b) => b.type === "tool_result");
  const body = JSON.stringify(result?.content ?? "");
  const match = /\\"id\\": *\\"(p\d+)\\"/.exec(body) ?? /"id": *"(p\d+)"/.exec(body);
  if (!match) throw new Error(`no pane id in the tool_result: ${body.slice(0, 500)}`);
  return match[1]!;
}

Deno.test({
  name: "mcp claude code: claude -p creates and reads a weft pane through weft mcp",
  ...E2E,
  ignore: claudeUnavailable() !== undefined,
  fn: () =>
    withServer(async ({ dir, client: control }) => {
      let pane = "";
      await using api = await mockAnthropic([
        toolUse("mcp__weft__create_pane", { command: "echo claude-$((6*7)); sleep 60" }),
        (req) => {
          pane = paneFromLastResult(req);
          return toolUse("mcp__weft__wait_for", { pane, match: "claude-42", timeout: 20_000 });
        },
        () => toolUse("mcp__weft__read_pane", { pane }),
        text("The pane printed claude-42."),
      ]);
      const mcpConfig = join(dir, "claude-mcp.json");
      await Deno.writeTextFile(
        mcpConfig,
        JSON.stringify({
          mcpServers: { weft: { command: Deno.execPath(), args: weftArgs("mcp") } },
        }),
      );
      const env = await claudeEnv({
        baseUrl: api.url,
        trust: [dir],
        extra: { DENO_DIR: await denoDir() },
      });
      const out = await new Deno.Command(await claudeBinary(), {
        args: [
          "-p",
          "Start a pane that prints a number, then read it.",
          "--mcp-config",
          mcpConfig,
          "--strict-mcp-config",
          "--allowedTools",
          "mcp__weft__*",
          "--output-format",
          "json",
        ],
        cwd: dir,
        env,
        clearEnv: true,
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
        signal: AbortSignal.timeout(120_000),
      }).output();
      const stdout = new TextDecoder().decode(out.stdout);
      const stderr = new TextDecoder().decode(out.stderr);
      assert.equal(out.code, 0, `claude exited ${out.code}: ${stdout}\n${stderr}`);
      const result = JSON.parse(stdout);
      assert.equal(result.is_error, false, stdout);
      assert.equal(result.result, "The pane printed claude-42.");
      assert.equal(api.played, 4, "every scripted turn was asked for");

      // weft's tools were offered to the "model" by their MCP names (Claude Code lists MCP
      // tools as deferred tools in the first request).
      const first = JSON.stringify(api.conversation()[0]);
      for (const name of ["mcp__weft__create_pane", "mcp__weft__read_pane"]) {
        assert.ok(first.includes(name), `${name} offered`);
      }

      // The pane really exists in weft, running the command the "model" asked for.
      const { panes } = await control.call<{ panes: { id: string; command: string }[] }>(
        "pane.list",
      );
      const made = panes.find((p) => p.id === pane);
      assert.ok(made, `pane ${pane} exists`);
      assert.match(made.command, /echo claude-\$\(\(6\*7\)\)/);

      // What Claude Code sent back to the model for read_pane holds the pane's output.
      const results = api.toolResults();
      assert.equal(results.length, 3, JSON.stringify(results));
      assert.ok(results.every((r) => !r.is_error), JSON.stringify(results));
      assert.match(results[2]!.text, /claude-42/);
      assert.match(results[2]!.text, new RegExp(`"pane":"${pane}"`));
    }, { startupSession: true }),
});
