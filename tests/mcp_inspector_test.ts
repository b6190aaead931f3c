/**
 * The official MCP Inspector's CLI (npm `@modelcontextprotocol/inspector`, `--cli`) against a
 * real weft server over HTTP with the bearer token: it lists the tools, creates a pane that
 * prints a marker and reads the marker back. Its JSON output is what the test checks.
 */

import assert from "node:assert/strict";
import { httpEndpoint, runNpmTool } from "./helpers/mcp.ts";
import { waitForText } from "./helpers/panes.ts";
import { E2E, withServer } from "./helpers/server.ts";

const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";

Deno.test({
  name: "mcp inspector: the Inspector CLI lists tools, calls create_pane and read_pane",
  ...E2E,
  fn: () =>
    withServer(async ({ dir, client }) => {
      const { url, token } = await httpEndpoint(dir);
      const inspect = async (...args: string[]) => {
        const run = await runNpmTool(INSPECTOR, [
          "--cli",
          url.href,
          "--transport",
          "http",
          "--header",
          `Authorization: Bearer ${token}`,
          ...args,
        ]);
        assert.equal(run.code, 0, `inspector ${args.join(" ")}: ${run.stderr}`);
        return JSON.parse(run.stdout);
      };
      const { tools } = await inspect("--method", "tools/list");
      const names = tools.map((t: { name: string }) => t.name);
      for (const name of ["create_pane", "read_pane", "send_input", "list_panes"]) {
        assert.ok(names.includes(name), `${name} in ${names.join(", ")}`);
      }
      const created = await inspect(
        "--method",
        "tools/call",
        "--tool-name",
        "create_pane",
        "--tool-arg",
        "command=echo inspector-$((6*7)); sleep 30",
      );
      assert.equal(created.isError, undefined, JSON.stringify(created));
      const pane = created.structuredContent.id as string;
      assert.match(pane, /^p\d+$/);
      // The server says when the marker is there; the Inspector then reads it once.
      await waitForText(client, { pane, match: "inspector-42", timeout: 30_000 });
      const read = await inspect(
        "--method",
        "tools/call",
        "--tool-name",
        "read_pane",
        "--tool-arg",
        `pane=${pane}`,
      );
      assert.match(read.structuredContent?.text ?? "", /inspector-42/);
      assert.match(read.content[0].text, /inspector-42/);
      const denied = await runNpmTool(INSPECTOR, [
        "--cli",
        url.href,
        "--transport",
        "http",
        "--method",
        "tools/list",
      ]);
      assert.notEqual(denied.code, 0, "without the token the Inspector is refused");
    }, { weft: { plugins: { mcp: { options: { tools: "all" } } } }, startupSession: true }),
});
