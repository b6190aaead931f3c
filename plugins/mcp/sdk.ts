/**
 * The parts of the MCP TypeScript SDK that weft uses, in one place. The SDK's `./*` export
 * maps `x.js` to types at `x.js.d.ts`, which do not exist, so under Deno every deep import
 * would be typed `any`; each import here names the right declarations with `@ts-types`.
 * Only what the plugin's Worker needs is here (the stdio transports read the environment,
 * which the Worker may not): {@link ./sdk_stdio.ts} and {@link ./sdk_client.ts} have the rest.
 *
 * @module
 */

// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
export { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
export type { EventStore } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/server/index"
export { Server } from "@modelcontextprotocol/sdk/server/index.js";
// @ts-types="@modelcontextprotocol/sdk/types"
export {
  CallToolRequestSchema,
  ErrorCode,
  isInitializeRequest,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  SubscribeRequestSchema,
  ToolListChangedNotificationSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
export type {
  CallToolResult,
  JSONRPCMessage,
  ReadResourceResult,
  Resource,
  Tool,
} from "@modelcontextprotocol/sdk/types";
