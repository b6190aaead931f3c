/**
 * The MCP door end to end on a real weft server (PTYs, screens, the mcp plugin in its
 * Worker): the SDK Client over HTTP and over stdio (`weft mcp` as a child process) drives real
 * panes, and `weft mcp` / `weft mcp config` behave as a user sees them.
 */

import { SIDEBAND_KEY_ENV } from "../protocols/sideband/key.ts";
import assert from "node:assert/strict";
import { z } from "zod";
import { defineCommand } from "../core/bus/mod.ts";
import { ToolListChangedNotificationSchema } from "../plugins/mcp/sdk.ts";
import type { Client } from "../plugins/mcp/sdk_client.ts";
import { weftProcess } from "./helpers/cli.ts";
import { httpClient, notifications, stdioClient, textOf } from "./helpers/mcp.ts";
import { E2E, withServer } from "./helpers/server.ts";

/** The whole catalogue (`tools: "all"`): these tests expect every tool. */
const MCP_ON = { weft: { plugins: { mcp: { options: { tools: "all" } } } }, startupSession: true };

/** The names an agent sees, from the issue: the core's and the layout plugin's. */
const EXPECTED_TOOLS = [
  "list_sessions",
  "create_session",
  "kill_session",
  "list_windows",
  "create_window",
  "list_panes",
  "create_pane",
  "read_pane",
  "send_input",
  "get_status",
  "list_needs",
  "focus_pane",
  "resize_pane",
  "close_pane",
  "rename_session",
  "rename_window",
  "rename_pane",
  "wait_for",
  "run_command",
  "get_layout",
  "create_layout",
  "apply_preset",
  "split_pane",
];

type Structured = Record<string, unknown>;

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  assert.notEqual(result.isError, true, `${name}: ${textOf(result)}`);
  return result.structuredContent as Structured;
}

/** create → wait → read → send → wait → read → run → close, through one MCP client. */
async function drivePanes(client: Client): Promise<string> {
  const pane = await call(client, "create_pane", {
    command: "printf 'ready\\n'; read line; echo got:$line; sleep 30",
  });
  const id = pane.id as string;
  assert.match(id, /^p\d+$/);
  await call(client, "wait_for", { pane: id, match: "ready", timeout: 10_000 });
  await call(client, "send_input", { pane: id, text: "hello", submit: true });
  const waited = await call(client, "wait_for", { pane: id, match: "got:hello", timeout: 10_000 });
  assert.equal(waited.matched, "got:hello");
  const read = await client.callTool({ name: "read_pane", arguments: { pane: id } });
  assert.match((read.structuredContent as { text: string }).text, /got:hello/);
  assert.match(textOf(read), /text:\n[\s\S]*got:hello/);
  const run = await call(client, "run_command", { command: "echo $((40+2))" });
  assert.equal(run.exitCode, 0);
  assert.equal(run.output, "42");
  await call(client, "close_pane", { pane: id });
  const { panes } = await call(client, "list_panes", {});
  assert.equal((panes as { id: string }[]).some((p) => p.id === id), false);
  return id;
}

Deno.test({
  name: "mcp e2e: the SDK client over HTTP lists weft's tools and drives a real pane",
  ...E2E,
  fn: () =>
    withServer(async ({ dir, client: control }) => {
      const client = await httpClient(dir);
      try {
        const names = (await client.listTools()).tools.map((t) => t.name);
        const missing = EXPECTED_TOOLS.filter((n) => !names.includes(n));
        assert.deepEqual(missing, [], `tools present: ${names.join(", ")}`);
        const pane = await call(client, "create_pane", { command: "sleep 30" });
        const info = await control.call<{ createdBy: string }>("pane.status", { pane: pane.id });
        assert.match(info.createdBy, /^mcp:mcp\/[0-9a-f]{8}$/, "attributed to the MCP session");
        await drivePanes(client);
        const gone = await client.callTool({ name: "read_pane", arguments: { pane: "p999" } });
        assert.equal(gone.isError, true);
        assert.match(textOf(gone), /^TARGET_NOT_FOUND: /);
        // Arguments that do not fit the schema come back as a result the model can act on.
        const bad = await client.callTool({
          name: "read_pane",
          arguments: { pane: pane.id, mode: "everything", lines: 0 },
        });
        assert.equal(bad.isError, true);
        assert.match(
          textOf(bad),
          /^INVALID_INPUT: Cannot call tool "read_pane": its arguments do not fit its inputSchema\n- mode: .*\n- lines: .*\nFix the arguments/,
        );
      } finally {
        await client.close();
      }
    }, MCP_ON),
});

Deno.test({
  name: "mcp e2e: weft mcp over stdio acts as the caller's pane and follows the registry",
  ...E2E,
  fn: () =>
    withServer(async ({ dir, server, client: control }) => {
      const { panes } = await control.call<{ panes: { id: string; window: string }[] }>(
        "pane.list",
      );
      const me = panes[0]!;
      // The pane's own key, as `weft mcp` started by an agent in that pane has it.
      const key = server.model.panes.get(me.id)!.launch.env[SIDEBAND_KEY_ENV]!;
      // Every tool: the agent profile would hide demo.echo (and so not change).
      const client = await stdioClient(dir, {
        env: { WEFT_PANE: me.id, [SIDEBAND_KEY_ENV]: key },
        args: ["--tools", "all"],
      });
      try {
        const names = (await client.listTools()).tools.map((t) => t.name);
        assert.ok(names.includes("create_pane") && names.includes("read_pane"));
        const created = await call(client, "create_pane", { command: "sleep 30" });
        assert.equal(created.window, me.window, "no target: the caller's window");
        assert.equal(created.createdBy, me.id, "attributed to the caller's pane");
        await drivePanes(client);
        const changes = notifications(client, ToolListChangedNotificationSchema);
        server.bus.register("demo", [defineCommand({
          name: "demo.echo",
          title: "Echo",
          description: "Returns its text.",
          capabilities: [],
          input: z.object({ text: z.string() }),
          handler: ({ input }) => ({ echoed: input.text }),
        })]);
        await changes.atLeast(1, "tools/list_changed after demo registered");
        assert.deepEqual(await call(client, "demo_echo", { text: "hi" }), { echoed: "hi" });
      } finally {
        await client.close();
      }
    }, { startupSession: true }),
});

Deno.test({
  name: "mcp e2e: weft mcp --read-only drops write rights at the socket",
  ...E2E,
  fn: () =>
    withServer(async ({ dir }) => {
      const client = await stdioClient(dir, { args: ["--read-only"] });
      try {
        const names = (await client.listTools()).tools.map((t) => t.name);
        assert.ok(names.includes("read_pane") && names.includes("list_panes"));
        assert.equal(names.includes("create_pane"), false);
        assert.equal(names.includes("send_input"), false);
      } finally {
        await client.close();
      }
    }),
});

Deno.test("mcp e2e: weft mcp starts a server when none runs and says so on stderr", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-nosrv-" });
  try {
    const out = await weftProcess(dir, "mcp");
    assert.equal(out.code, 0, out.err);
    assert.equal(out.out, "", "nothing on the protocol stream");
    assert.match(out.err, /^weft: started a server for .* \(log: /);
    assert.equal((await weftProcess(dir, "stop")).code, 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test({
  name: "mcp e2e: weft mcp config prints ready .mcp.json files for HTTP and stdio",
  ...E2E,
  fn: () =>
    withServer(async ({ dir }) => {
      const run = async (...args: string[]) => {
        const out = await weftProcess(dir, "mcp", "config", ...args);
        assert.equal(out.code, 0, out.err);
        return JSON.parse(out.out).mcpServers.weft;
      };
      const http = await run("--http");
      const info = JSON.parse(await Deno.readTextFile(`${dir}/.weft/server.json`));
      assert.deepEqual(http, {
        type: "http",
        url: `http://127.0.0.1:${info.http.port}/mcp`,
        headers: { Authorization: "Bearer ${WEFT_MCP_TOKEN}" },
      });
      const stdio = await run("--stdio");
      assert.equal(stdio.command, Deno.execPath());
      assert.deepEqual(stdio.args.slice(-1), ["mcp"]);
      assert.deepEqual(await run("--bin", "weft"), { command: "weft", args: ["mcp"] });
    }, MCP_ON),
});
