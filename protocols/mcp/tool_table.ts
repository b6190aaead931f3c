/**
 * The MCP tools for a set of bus commands: one per exposed command, names unique, filtered by
 * the project's allowlist, hide list and read-only switch.
 *
 * @module
 */

import type { Tool } from "@modelcontextprotocol/sdk/types";
import type { CommandSpec, JsonSchema } from "../bus/mod.ts";
import { compactTool } from "./compact_tool.ts";
import { describeTool } from "./describe_tool.ts";
import { COMPACT_OMIT, selectTools } from "./profiles.ts";
import { namespacedToolName, TOOL_NAME, toolName } from "./tool_name.ts";

/** Which tools the MCP door shows. Names are tool names or command names. */
export interface ToolFilter {
  /**
   * Which tools: `"all"` (the default here), a profile (`"agent"`, `"layout"`, …) or a list of
   * profiles and tool or command names; all but `"all"` in compact form ({@link compactTool}).
   */
  tools?: string | readonly string[];
  /** Never these tools. */
  hide?: readonly string[];
  /** Only tools that change nothing (commands marked `mcp.readOnly`). */
  readOnly?: boolean;
}

/** One tool and the command behind it. */
export interface ToolEntry {
  tool: Tool;
  /** The bus command it calls. */
  command: string;
  /** True when values go into `structuredContent` as `{result: value}` (not an object). */
  wrap: "always" | "non-object";
}

/** Tools by name, in listing order. */
export type ToolTable = ReadonlyMap<string, ToolEntry>;

/** Verbs whose tools destroy something (a hint for clients that ask before such calls). */
const DESTRUCTIVE_VERBS: readonly string[] = ["close", "kill", "stop", "remove", "delete"];

/** The output schema of a command without one: any object. */
const ANY_OBJECT: JsonSchema = { type: "object" };

/**
 * Builds the tool table. The core's commands come first and keep their names; a plugin command
 * whose name is taken falls back to `<plugin>_<verb>`; one whose input is not an object schema
 * (MCP needs one) is left out.
 *
 * @example
 * ```ts
 * import { buildToolTable } from "./tool_table.ts";
 * const table = buildToolTable([{
 *   name: "pane.close", title: "Close pane", description: "Close a pane.",
 *   inputSchema: { type: "object" }, capabilities: ["pane:control"],
 * }]);
 * console.assert(table.get("close_pane")?.command === "pane.close");
 * ```
 */
export function buildToolTable(
  specs: readonly CommandSpec[],
  filter: ToolFilter = {},
): ToolTable {
  const table = new Map<string, ToolEntry>();
  const { names, full } = selectTools(filter.tools);
  const ordered = [...specs].sort((a, b) =>
    Number(isPlugin(a)) - Number(isPlugin(b)) || a.name.localeCompare(b.name)
  );
  for (const spec of ordered) {
    if (!exposed(spec, filter, names) || spec.inputSchema.type !== "object") continue;
    const name = [toolName(spec), namespacedToolName(spec.name)]
      .find((n) => TOOL_NAME.test(n) && !table.has(n));
    if (name === undefined) continue;
    const entry = toEntry(spec, name);
    const compact = () => compactTool(entry.tool, COMPACT_OMIT[name] ?? []);
    table.set(name, full ? entry : { ...entry, tool: compact() });
  }
  return table;
}

function isPlugin(spec: CommandSpec): boolean {
  return spec.owner !== undefined && spec.owner !== "core";
}

function exposed(spec: CommandSpec, filter: ToolFilter, shown: readonly string[] | undefined) {
  if (spec.mcp?.expose === false) return false;
  if (filter.readOnly && spec.mcp?.readOnly !== true) return false;
  const names = [spec.name, toolName(spec), namespacedToolName(spec.name)];
  if (shown && !names.some((n) => shown.includes(n))) return false;
  return !names.some((n) => filter.hide?.includes(n));
}

function toEntry(spec: CommandSpec, name: string): ToolEntry {
  const readOnly = spec.mcp?.readOnly === true;
  const verb = spec.name.slice(spec.name.indexOf(".") + 1);
  const output = spec.outputSchema;
  const wrap = output && output.type !== "object" ? "always" : "non-object";
  const tool: Tool = {
    name,
    title: spec.title,
    description: describeTool(spec),
    inputSchema: spec.inputSchema as Tool["inputSchema"],
    outputSchema:
      (wrap === "always"
        ? { type: "object", properties: { result: output }, required: ["result"] }
        : output ?? ANY_OBJECT) as Tool["outputSchema"],
    annotations: {
      title: spec.title,
      readOnlyHint: readOnly,
      destructiveHint: !readOnly && DESTRUCTIVE_VERBS.some((v) => verb.startsWith(v)),
      openWorldHint: false,
    },
    _meta: { "weft/command": spec.name },
  };
  return { tool, command: spec.name, wrap };
}
