/**
 * The MCP SDK's stdio server transport, for `weft mcp` (typed under Deno as in
 * {@link ./sdk.ts}; kept apart because it reads the environment, which the plugin's Worker
 * may not).
 *
 * @module
 */

// @ts-types="@modelcontextprotocol/sdk/server/stdio"
export { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
