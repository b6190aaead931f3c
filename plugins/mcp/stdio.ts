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
import { type Gone, lifeline } from "./_lifeline.ts";

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
 * Serves MCP over stdio until stdin closes, the parent process goes away or the weft server
 * does; resolves with why it ended. Replies to calls already running when stdin ends are
 * still written, for at most {@link LAST_REPLIES_MS} (a script's `… | weft mcp`).
 */
export async function serveStdio(
  client: WeftClient,
  options: McpOptions,
): Promise<Gone | "server"> {
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
  const life = lifeline();
  const ended = new Promise<Gone | "server">((resolve) => {
    transport.onclose = () => resolve("stdin");
    client.onClose(() => resolve("server"));
    void life.gone.then(resolve);
  });
  await session.server.connect(transport);
  const running = countRequests(transport);
  const why = await ended;
  life.stop();
  if (why === "stdin") await running.settled(LAST_REPLIES_MS);
  session.close();
  catalog.close();
  await session.server.close().catch(() => {});
  return why;
}

/** How long replies to calls still running when stdin ends may take (none running: no wait). */
const LAST_REPLIES_MS = 5_000;

type Message = Parameters<InstanceType<typeof StdioServerTransport>["send"]>[0];

/** Counts requests that came in and are not answered yet, by wrapping the transport. */
function countRequests(transport: InstanceType<typeof StdioServerTransport>) {
  const open = new Set<string | number>();
  let wake = () => {};
  const receive = transport.onmessage;
  transport.onmessage = (message: Message) => {
    if ("method" in message && "id" in message) open.add(message.id);
    receive?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message: Message) => {
    await send(message);
    if (!("method" in message) && "id" in message && open.delete(message.id!)) wake();
  };
  return {
    settled: (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => open.size === 0 && (clearTimeout(timer), resolve());
        wake();
      }),
  };
}
