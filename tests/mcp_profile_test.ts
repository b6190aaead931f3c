/**
 * The tools an agent loads by default: the `agent` profile, at most 15 tools and 6 KB of
 * `tools/list` on the wire (the whole catalogue was 67 tools, ~79 KB); `--tools all` (or the
 * project's `tools: "all"`) opts in to everything.
 */

import { ok, strictEqual } from "node:assert/strict";
import { TOOL_PROFILES } from "../protocols/mcp/mod.ts";
import { weftArgs } from "./helpers/cli.ts";
import { E2E, withServer } from "./helpers/server.ts";

/** Every built-in that has tools, so the whole catalogue is there to choose from. */
const ALL_PLUGINS = {
  weft: { plugins: { mcp: true, bridge: true, canvas: true, message: true, layout: true } },
  startupSession: true,
};

const LINE = (id: number, method: string, params: unknown = {}) =>
  JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n";

/** `tools/list` as `weft mcp` sends it: the raw line, and the tools in it. */
async function toolsList(dir: string, ...args: string[]) {
  const child = new Deno.Command(Deno.execPath(), {
    args: weftArgs("mcp", ...args),
    cwd: dir,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const init = {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "t", version: "1" },
  };
  await writer.write(new TextEncoder().encode(
    LINE(1, "initialize", init) +
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n" +
      LINE(2, "tools/list") + LINE(3, "tools/call", { name: "open_canvas", arguments: {} }),
  ));
  await writer.close();
  const out = await child.output();
  const lines = new TextDecoder().decode(out.stdout).split("\n").filter(Boolean);
  const line = lines.find((l) => l.includes('"id":2'));
  ok(line, new TextDecoder().decode(out.stderr));
  const call = JSON.parse(lines.find((l) => l.includes('"id":3'))!);
  return {
    bytes: new TextEncoder().encode(line).length,
    tools: JSON.parse(line).result.tools,
    call,
  };
}

Deno.test(
  "weft mcp lists the agent profile by default: at most 15 tools in 6 KB",
  E2E,
  async () => {
    await withServer(async ({ dir }) => {
      const agent = await toolsList(dir);
      const names = agent.tools.map((t: { name: string }) => t.name);
      console.log(`agent profile: ${names.length} tools, ${agent.bytes} bytes of tools/list`);
      ok(names.length <= 15, names.join());
      ok(agent.bytes <= 6 * 1024, `${agent.bytes} bytes`);
      for (const name of ["create_pane", "read_pane", "send_input", "wait_for", "send_message"]) {
        ok(names.includes(name), name);
      }
      // A tool left out of the profile is not there to call.
      ok(agent.call.error ?? agent.call.result?.isError, JSON.stringify(agent.call));
      const all = await toolsList(dir, "--tools", "all");
      console.log(`all: ${all.tools.length} tools, ${all.bytes} bytes of tools/list`);
      ok(all.tools.length > 40, `${all.tools.length}`);
      strictEqual(
        all.call.result?.isError ?? false,
        true,
        "open_canvas is there and says what is missing",
      );
      // Every profile names tools that exist (the fabric's run only in a project that joined
      // one: tests/fabric_test.ts lists them there).
      const every = all.tools.map((t: { name: string }) => t.name);
      for (const [profile, tools] of Object.entries(TOOL_PROFILES)) {
        if (profile === "fabric") continue;
        for (const tool of tools) ok(every.includes(tool), `${profile}: ${tool}`);
      }
      const layout = await toolsList(dir, "--tools", "agent,layout");
      ok(layout.tools.some((t: { name: string }) => t.name === "apply_preset"));
    }, ALL_PLUGINS);
  },
);
