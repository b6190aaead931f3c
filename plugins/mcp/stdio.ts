/**
 * The stdio door: an MCP server in the `weft mcp` process, speaking MCP on stdin/stdout and
 * reaching weft through the control socket. The connection said hello as the caller's pane,
 * so everything the agent does is attributed to that pane.
 *
 * @module
 */

import type { WeftClient } from "../client/mod.ts";
import type { Options as McpOptions } from "./options.ts";
import { ToolCatalog } from "./catalog.ts";
import { type McpHost, replyOf } from "./host.ts";
import { StdioServerTransport } from "./sdk_stdio.ts";
import { createSession } from "./session_server.ts";

/** weft through a control-socket client. */
export function clientHost(client: WeftClient): McpHost {
  return {
    call: <T>(name: string, input: unknown) => replyOf(client.call<T>(name, input)),
    subscribe: async (filter, listener) => {
      const off = await client.subscribe(filter, listener);
      return () => void off().catch(() => {});
    },
  };
}

/**
 * Serves MCP over stdio until stdin closes or the weft server goes away; resolves with why it
 * ended: `"stdin"` or `"server"`.
 */
export async function serveStdio(
  client: WeftClient,
  options: McpOptions,
): Promise<"stdin" | "server"> {
  const host = clientHost(client);
  const catalog = new ToolCatalog(host, options);
  await catalog.start();
  const session = createSession({
    catalog,
    host,
    ...(options.resources ? { resources: { updatesPerSecond: options.updatesPerSecond } } : {}),
  });
  await session.start();
  const transport = new StdioServerTransport();
  const ended = new Promise<"stdin" | "server">((resolve) => {
    transport.onclose = () => resolve("stdin");
    client.onClose(() => resolve("server"));
  });
  await session.server.connect(transport);
  const why = await ended;
  session.close();
  catalog.close();
  await session.server.close().catch(() => {});
  return why;
}
