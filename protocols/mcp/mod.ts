/**
 * MCP naming and mapping rules, pure: how bus commands become MCP tools (names, descriptions,
 * schemas, annotations), how replies and failures become tool results, which
 * tools a project's options show, and how panes are named as resources. The `mcp` plugin and
 * the `weft mcp` stdio bridge both use these, so a tool is never defined twice.
 *
 * @example
 * ```ts
 * import { buildToolTable, toolResult } from "./mod.ts";
 * const table = buildToolTable([{
 *   name: "pane.list", title: "List panes", description: "List panes.",
 *   inputSchema: { type: "object" }, capabilities: ["pane:read"], mcp: { readOnly: true },
 * }], { readOnly: true });
 * const entry = table.get("list_panes")!;
 * console.assert(toolResult(entry, { panes: [] }).structuredContent !== undefined);
 * ```
 *
 * @module
 */

export { describeTool } from "./describe_tool.ts";
export { PANE_URI_TEMPLATE, paneUri, parsePaneUri } from "./pane_uri.ts";
export { buildToolTable } from "./tool_table.ts";
export { compactTool } from "./compact_tool.ts";
export { ALL_TOOLS, checkProfile, selectTools, TOOL_PROFILES } from "./profiles.ts";
export type { ToolEntry, ToolFilter, ToolTable } from "./tool_table.ts";
export { generatedToolName, namespacedToolName, TOOL_NAME, toolName } from "./tool_name.ts";
export { errorResult, toolResult } from "./tool_result.ts";
