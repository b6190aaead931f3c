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
import { VERSION } from "../../core/version.ts";
import {
  errorResult,
  isCallError,
  PANE_URI_TEMPLATE,
  toolResult,
} from "../../protocols/mcp/mod.ts";
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
  "Without a target, tools act on your own pane/window when you run inside weft.";

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
  const { catalog, host } = options;
  const server = new Server({ name: "weft", title: "weft terminals", version: VERSION }, {
    capabilities: {
      tools: { listChanged: true },
      ...(options.resources ? { resources: { subscribe: true, listChanged: true } } : {}),
    },
    instructions: INSTRUCTIONS,
  });
  const notify = (send: () => Promise<void>) => void send().catch(() => {});
  const offTools = catalog.onChange(() => notify(() => server.sendToolListChanged()));

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...catalog.table.values()].map((e) => e.tool),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params;
    const entry = catalog.table.get(name);
    if (!entry) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Cannot find tool "${name}"${didYouMean(name, catalog.table.keys())}`,
      );
    }
    const reply = await host.call(entry.command, args ?? {});
    if (reply.ok) return toolResult(entry, reply.value);
    if (isCallError(reply.error)) {
      throw new McpError(ErrorCode.InvalidParams, reply.error.message, reply.error.data);
    }
    return errorResult(reply.error);
  });

  const resources = options.resources
    ? new PaneResources(host, {
      updated: (uri) => notify(() => server.sendResourceUpdated({ uri })),
      listChanged: () => notify(() => server.sendResourceListChanged()),
    }, options.resources)
    : undefined;
  if (resources) {
    server.setRequestHandler(ListResourcesRequestSchema, async () => ({
      resources: await resources.list(),
    }));
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
      resourceTemplates: [{
        uriTemplate: PANE_URI_TEMPLATE,
        name: "pane",
        title: "Pane screen",
        description: "The visible screen of a pane, by id (p3) or unique name, as text.",
        mimeType: "text/plain",
      }],
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
