/**
 * An MCP client for weft, on the official SDK: connects to the running server's HTTP endpoint
 * (port from `.weft/server.json`, token from `.weft/mcp.token`), lists the tools, runs a
 * command in a new pane, waits for it, reads the screen and closes the pane.
 *
 * ```sh
 * # deno.json: "weft": {"plugins": {"mcp": true}}, then `deno task serve` in another terminal
 * deno run -A examples/mcp_client.ts
 * ```
 *
 * @module
 */

import { Client, StreamableHTTPClientTransport } from "../plugins/mcp/sdk_client.ts";
import { findServerInfo } from "../core/server/info.ts";

const found = await findServerInfo(Deno.cwd());
if (!found?.info.http) {
  console.error(
    "No weft server with the mcp plugin runs here; enable it and run `deno task serve`",
  );
  Deno.exit(1);
}
const token = (await Deno.readTextFile(found.info.http.tokenFile)).trim();
const client = new Client({ name: "weft-example", version: "1.0.0" });
await client.connect(
  new StreamableHTTPClientTransport(
    new URL(`http://127.0.0.1:${found.info.http.port}/mcp`),
    {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    },
  ),
);

const { tools } = await client.listTools();
console.log(`${tools.length} tools: ${tools.map((t) => t.name).join(", ")}`);

const created = await client.callTool({
  name: "create_pane",
  arguments: {
    command: "ls -la; echo done-$((6*7)); sleep 5",
    cwd: found.info.projectDir,
  },
});
const pane = (created.structuredContent as { id: string }).id;
await client.callTool({
  name: "wait_for",
  arguments: { pane, match: "done-42", timeout: 10_000 },
});
const read = await client.callTool({ name: "read_pane", arguments: { pane } });
console.log((read.structuredContent as { text: string }).text);
await client.callTool({ name: "close_pane", arguments: { pane } });
await client.close();
