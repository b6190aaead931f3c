/**
 * `mcp`: weft as an MCP server for coding agents. Every exposed bus command is a tool (names,
 * descriptions and schemas from the registry, kept live with `tools/list_changed`) and every
 * pane a resource `weft://pane/{id}`, over Streamable HTTP on 127.0.0.1 at `/mcp` with a
 * bearer token (`.weft/mcp.token`) and Host/Origin checks. Each HTTP session's calls are
 * attributed to it. The stdio door is `weft mcp` ({@link ./cli.ts}), which serves the same
 * tools through the control socket.
 *
 * Enable it in the project's `deno.json`: `"weft": {"plugins": {"mcp": true}}`, or with
 * options: `{"mcp": {"options": {"port": 8931, "readOnly": true}}}` (see
 * `./options.ts`).
 *
 * @example
 * ```ts
 * import mcp from "./mod.ts";
 * console.assert(mcp.manifest.commands.some((c) => c.name === "mcp.status"));
 * ```
 *
 * @module
 */

import { join } from "node:path";
import { definePlugin, type PluginContext, withState, z } from "@weft/weft/plugin";
import { BUS_CAPABILITIES, READ_ONLY } from "../../protocols/bus/capabilities.ts";
import { type Options, parseOptions } from "./options.ts";
import { ToolCatalog } from "./catalog.ts";
import { CONFORMANCE_FIXTURES } from "./conformance.ts";
import { type McpHost, replyOf } from "./host.ts";
import { type HttpOptions, type HttpServer, serveHttp } from "./http.ts";
import { publishedPort, publishHttp } from "@weft/weft/plugin";
import { keepPort, lastPort } from "./_last_port.ts";
import { createSession } from "./session_server.ts";
import { ensureToken } from "./token.ts";

/** What the plugin asks for: every bus right it may forward, loopback net, `.weft/` files. */
export const MCP_CAPABILITIES = [
  ...BUS_CAPABILITIES,
  "net:127.0.0.1",
  "read:.weft",
  "write:.weft",
] as const;

export { defaults, parseOptions } from "./options.ts";
export type { Options } from "./options.ts";

/** The plugin's state in its Worker, once set up: what every handler receives. */
interface Running {
  http: HttpServer;
  tokenFile: string;
  catalog: ToolCatalog;
}

const { defineCommand } = withState<Running>();

const status = defineCommand({
  name: "mcp.status",
  title: "MCP server status",
  description: "The MCP HTTP endpoint (URL, port), where its bearer token is kept, how many " +
    "sessions are open and how many tools are shown.",
  capabilities: [],
  mcp: { expose: false, readOnly: true },
  input: z.object({}),
  handler: ({ state: { http, tokenFile, catalog } }) => ({
    running: true,
    url: http.url,
    port: http.port,
    tokenFile,
    sessions: http.sessions,
    tools: catalog.table.size,
  }),
});

async function setup(ctx: PluginContext<Options>): Promise<Running> {
  const { options } = ctx;
  const { projectDir, stateDir } = await ctx.call("server.status", {});
  const dir = stateDir ?? join(projectDir, ".weft");
  const tokenFile = join(dir, "mcp.token");
  const token = await ensureToken(tokenFile);
  const own: McpHost = {
    call: <T>(name: string, input: unknown) => replyOf(ctx.call<T>(name, input)),
    subscribe: (filter, listener) => Promise.resolve(ctx.subscribe(filter, listener)),
  };
  const catalog = new ToolCatalog(own, options);
  await catalog.start();
  const infoFile = join(dir, "server.json");
  const http = await listen(ctx, {
    port: options.port,
    token,
    tokenless: options.unsafeConformanceMode,
    createSession: (id) =>
      createSession({
        catalog,
        host: sessionHost(ctx, id, options),
        ...(options.resources ? { resources: resourceOptions(options) } : {}),
      }),
  }, { infoFile, portFile: join(dir, "mcp.port") });
  await publishHttp(infoFile, { port: http.port, tokenFile });
  ctx.log(`serving MCP at ${http.url}${options.readOnly ? " (read-only)" : ""}`);
  return { http, tokenFile, catalog };
}

/**
 * Listens on the configured port or, when that is 0, on the port the door had before: the
 * one this server run published (the plugin restarted: a client's next request gets the 404
 * of an unknown session and initializes again, where a new port would leave it knocking on a
 * closed one), else the one of the last run (a client configured with the URL finds it
 * again); a free port when that one is taken.
 */
async function listen(
  ctx: PluginContext<Options>,
  options: HttpOptions,
  files: { infoFile: string; portFile: string },
): Promise<HttpServer> {
  if (options.port !== 0) return await serveHttp(options);
  const before = await publishedPort(files.infoFile) ?? await lastPort(files.portFile);
  let http: HttpServer;
  try {
    http = await serveHttp({ ...options, port: before ?? 0 });
  } catch (err) {
    if (!(err instanceof Deno.errors.AddrInUse)) throw err;
    ctx.log(`port ${before}, where MCP was served before, is taken; serving on another one`);
    http = await serveHttp(options);
  }
  if (http.port !== before) await keepPort(files.portFile, http.port);
  return http;
}

/** weft as one HTTP session may use it: calls attributed to the session. */
function sessionHost(ctx: PluginContext<Options>, id: string, options: Options): McpHost {
  const onBehalf = {
    kind: "mcp" as const,
    id: id.slice(0, 8),
    ...(options.readOnly ? { grants: [...READ_ONLY] } : {}),
  };
  return {
    call: <T>(name: string, input: unknown) => replyOf(ctx.call<T>(name, input, { onBehalf })),
    subscribe: (filter, listener) => Promise.resolve(ctx.subscribe(filter, listener)),
  };
}

function resourceOptions(options: Options) {
  return {
    updatesPerSecond: options.updatesPerSecond,
    ...(options.unsafeConformanceMode ? { fixtures: CONFORMANCE_FIXTURES } : {}),
  };
}

export default definePlugin({
  name: "mcp",
  version: "1.0.0",
  description: "weft as an MCP server: bus commands as tools, panes as resources, over HTTP.",
  capabilities: [...MCP_CAPABILITIES],
  commands: [status],
  options: parseOptions,
  setup,
});
