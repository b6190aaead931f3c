/**
 * One MCP session's server: the SDK's low-level `Server` with weft's tools (from the live
 * catalog) and pane resources. Both transports make one per client.
 *
 * @module
 */

import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  Server,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "./sdk.ts";
import { didYouMean } from "../../protocols/bus/suggest.ts";
import { VERSION } from "@weft/weft/plugin";
import { errorResult, PANE_URI_TEMPLATE, toolResult } from "../../protocols/mcp/mod.ts";
import type { ToolCatalog } from "./catalog.ts";
import type { McpHost } from "./host.ts";
import { PaneResources, type PaneResourcesOptions } from "./resources.ts";

/** What a session server is made of. */
export interface SessionOptions {
  catalog: ToolCatalog;
  /** weft, as this session's client is allowed to use it. */
  host: McpHost;
  /** Pane resources, or undefined to serve none. */
  resources?: PaneResourcesOptions;
}

/** A session's server and how to release what it holds. */
export interface Session {
  server: Server;
  /** Starts following events; call once before connecting a transport. */
  start: () => Promise<void>;
  close: () => void;
}

const INSTRUCTIONS = "weft runs this project's terminals. Panes are terminals (ids like p3). " +
  "Typical flow: create_pane with a command, wait_for its output or exit, read_pane, " +
  "send_input, close_pane. run_command runs a command and returns its exit code and output. " +
  "Without a target, tools act on your own pane/window when you run inside weft. " +
  "Other agents: list_agents, send_message (to a name, @role, @group or @everyone), " +
  "check_messages, wait_for_message (returns after at most 50 s: call it again).";

const PANE_TEMPLATE = {
  uriTemplate: PANE_URI_TEMPLATE,
  name: "pane",
  title: "Pane screen",
  description: "The visible screen of a pane, by id (p3) or unique name, as text.",
  mimeType: "text/plain",
};

/**
 * Makes one session's server.
 *
 * @example
 * ```ts ignore
 * const session = createSession({ catalog, host });
 * await session.start();
 * await session.server.connect(transport);
 * ```
 */
export function createSession(options: SessionOptions): Session {
  const server = newServer(options.resources !== undefined);
  const notify = (send: () => Promise<void>) => void send().catch(() => {});
  const offTools = serveTools(server, options, () => notify(() => server.sendToolListChanged()));
  const resources = options.resources
    ? new PaneResources(options.host, {
      updated: (uri) => notify(() => server.sendResourceUpdated({ uri })),
      listChanged: () => notify(() => server.sendResourceListChanged()),
    }, options.resources)
    : undefined;
  if (resources) serveResources(server, resources);
  return {
    server,
    start: async () => {
      await resources?.start();
    },
    close: () => {
      offTools();
      resources?.close();
    },
  };
}

/** The SDK server, saying what this session offers. */
function newServer(withResources: boolean): Server {
  return new Server({ name: "weft", title: "weft terminals", version: VERSION }, {
    capabilities: {
      tools: { listChanged: true },
      ...(withResources ? { resources: { subscribe: true, listChanged: true } } : {}),
    },
    instructions: INSTRUCTIONS,
  });
}

/** `tools/list` and `tools/call` from the catalog; returns the function that stops `changed`. */
function serveTools(
  server: Server,
  { catalog, host }: SessionOptions,
  changed: () => void,
): () => void {
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...catalog.table.values()].map((e) => e.tool),
  }));
  server.setRequestHandler(
    CallToolRequestSchema,
    (request) => callTool(catalog, host, request.params),
  );
  return catalog.onChange(changed);
}

/**
 * Calls a tool's command. An unknown tool is a protocol error; anything the command replies,
 * invalid arguments included, is a result a model reads (MCP 2025-11-25, SEP-1303: a model
 * corrects its arguments only when it sees what was wrong with them).
 */
async function callTool(
  catalog: ToolCatalog,
  host: McpHost,
  params: { name: string; arguments?: Record<string, unknown> | undefined },
): Promise<CallToolResult> {
  const { name, arguments: args } = params;
  const entry = catalog.table.get(name);
  if (!entry) {
    throw new McpError(
      ErrorCode.InvalidParams,
      `Cannot find tool "${name}"${didYouMean(name, catalog.table.keys())}`,
    );
  }
  const reply = await host.call(entry.command, args ?? {});
  return reply.ok ? toolResult(entry, reply.value) : errorResult(reply.error, entry.tool.name);
}

/** `resources/*`: pane screens, listed, read and watched. */
function serveResources(server: Server, resources: PaneResources): void {
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: await resources.list(),
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [PANE_TEMPLATE],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (r) => resources.read(r.params.uri));
  server.setRequestHandler(SubscribeRequestSchema, async (r) => {
    await resources.subscribe(r.params.uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (r) => {
    resources.unsubscribe(r.params.uri);
    return {};
  });
}
