/**
 * The official MCP conformance suite (npm `@modelcontextprotocol/conformance`, run under Deno
 * because it needs Node ≥ 22 APIs) against a real weft server's HTTP endpoint. Its runner
 * sends no token, so the server runs with the test-only `unsafeConformanceMode` option
 * (tokenless loopback access plus the suite's two fixture resources); Host and Origin are
 * still checked, which `dns-rebinding-protection` verifies.
 */

import assert from "node:assert/strict";
import { httpEndpoint, runNpmTool } from "./helpers/mcp.ts";
import { E2E, withServer } from "./helpers/server.ts";

const SUITE = "@modelcontextprotocol/conformance@0.1.16";

const SCENARIOS = [
  "server-initialize",
  "ping",
  "tools-list",
  "resources-list",
  "resources-read-text",
  "resources-subscribe",
  "resources-unsubscribe",
  "dns-rebinding-protection",
];

Deno.test({
  name: "mcp conformance: the official suite's server scenarios pass",
  ...E2E,
  fn: () =>
    withServer(async ({ dir }) => {
      const { url } = await httpEndpoint(dir);
      const failed: string[] = [];
      for (const scenario of SCENARIOS) {
        const run = await runNpmTool(SUITE, ["server", "--url", url.href, "--scenario", scenario]);
        const summary = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(run.stdout + run.stderr);
        if (run.code !== 0 || !summary || summary[3] !== "0" || summary[1] === "0") {
          failed.push(`${scenario} (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
        }
      }
      assert.deepEqual(failed, []);
    }, { weft: { plugins: { mcp: { options: { unsafeConformanceMode: true, tools: "all" } } } } }),
});

Deno.test({
  name: "mcp conformance: without the test-only mode the suite is refused (the token is required)",
  ...E2E,
  fn: () =>
    withServer(async ({ dir }) => {
      const { url } = await httpEndpoint(dir);
      const run = await runNpmTool(SUITE, ["server", "--url", url.href, "--scenario", "ping"]);
      assert.notEqual(run.code, 0, run.stdout);
      assert.match(run.stdout + run.stderr, /401|bearer token/i);
    }, { weft: { plugins: { mcp: { options: { tools: "all" } } } } }),
});
