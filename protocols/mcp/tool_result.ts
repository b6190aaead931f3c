/**
 * A command's reply as an MCP tool result, and its failures as results with `isError` whose
 * text a model can act on: a failure inside the command and, since MCP 2025-11-25 (SEP-1303),
 * arguments that do not fit the tool's input schema, so the model can correct them. Only a call
 * the server cannot route (an unknown tool) is a protocol error, and the session server throws
 * that itself.
 *
 * @module
 */

import type { CallToolResult } from "@modelcontextprotocol/sdk/types";
import type { ErrorBody, ErrorCode } from "../bus/errors.ts";
import type { ToolEntry } from "./tool_table.ts";

/** What to do about each failure, said to a model. */
const ADVICE: Readonly<Partial<Record<ErrorCode, string>>> = {
  NOT_FOUND: "Call tools/list again: the tool's command is gone (its plugin may have stopped).",
  TARGET_NOT_FOUND: "List what exists (list_panes, list_windows, list_sessions) and use an id " +
    "from there.",
  DENIED: "This MCP server is not allowed to do that; ask the user to grant it in the " +
    'project\'s deno.json ("weft" section) or use a read-only tool.',
  TIMEOUT: "It did not finish in time; check the pane with read_pane or get_status, then try " +
    "again with a longer timeout if it is still working.",
  CONFLICT: "Something with that name or in that place exists already; pick another name or " +
    "target.",
  PLUGIN_CRASHED: "The plugin behind this tool crashed and is restarting; try again in a moment.",
  SPAWN_FAILED: "The program could not start; check the command, its path and the cwd.",
  PANE_EXITED: "The pane's process has exited; read_pane still shows its last screen. Start a " +
    "new pane to go on.",
  BUSY_HUMAN: "A person is typing in that pane; wait and try again, or use another pane.",
  TOO_LARGE: "The input or output is too large; ask for less (fewer lines, a smaller text).",
  CANCELLED: "The call was cancelled before it finished.",
  UNAVAILABLE: "The weft server or a plugin is not available right now; try again shortly.",
  RATE_LIMITED: "Too many calls too fast; wait the retryAfterMs the error gives (about a " +
    "second), then call again, less often.",
  UNKNOWN_HOST: "That id names another host (HOST/ID), which this weft server does not reach; " +
    "use a plain id from list_panes for a pane here.",
  HOST_UNREACHABLE: "The host that id names is part of the fabric but does not answer now (its " +
    "server or link is down); work on other hosts' panes and try it again later.",
  INVALID_INPUT: "Fix the arguments and call again.",
  STALE: "The dialog changed since it was read; call list_needs again and answer what it " +
    "shows now.",
  NOT_CLEARED: "The key was typed but the dialog still shows; read the pane (read_pane) to " +
    "see what it asks now.",
  INTERNAL: "This is a bug in weft; try another way and report it.",
};

/**
 * A successful value as a tool result: `structuredContent` for programs, text for models.
 * A value with a `text` or `output` field (a screen, a command's output) shows that text as
 * it is (trailing blank lines dropped), after one line of the other fields.
 *
 * @example
 * ```ts
 * import { toolResult } from "./tool_result.ts";
 * const r = toolResult({ wrap: "non-object" }, { pane: "p1", text: "$ ls\na b" });
 * console.assert(r.structuredContent?.pane === "p1");
 * console.assert((r.content[0] as { text: string }).text.endsWith("$ ls\na b"));
 * ```
 */
export function toolResult(entry: Pick<ToolEntry, "wrap">, value: unknown): CallToolResult {
  const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
  const structured = isObject && entry.wrap !== "always"
    ? value as Record<string, unknown>
    : { result: value ?? null };
  return { content: [{ type: "text", text: readable(value) }], structuredContent: structured };
}

/**
 * A failed reply as an `isError` result naming the code and what to do. Arguments that do not
 * fit the input schema (`INVALID_INPUT` with the schema's `issues`) are listed one a line,
 * under the tool's name when it is given.
 *
 * @example
 * ```ts
 * import { errorResult } from "./tool_result.ts";
 * const r = errorResult({ code: "PANE_EXITED", message: 'Cannot write to pane "p2": exited' });
 * console.assert(r.isError && (r.content[0] as { text: string }).text.includes("PANE_EXITED"));
 * const bad = errorResult({
 *   code: "INVALID_INPUT",
 *   message: 'Cannot call "pane.read": pane: Expected string, received number',
 *   data: { issues: [{ path: "pane", message: "Expected string, received number" }] },
 * }, "read_pane");
 * console.assert((bad.content[0] as { text: string }).text.includes("- pane: Expected string"));
 * ```
 */
export function errorResult(error: ErrorBody, tool?: string): CallToolResult {
  const advice = ADVICE[error.code] ?? "";
  const issues = schemaIssues(error);
  let text = `${error.code}: ${error.message}\n${advice}`;
  if (issues) {
    const head = tool
      ? `Cannot call tool "${tool}": its arguments do not fit its inputSchema`
      : error.message;
    const lines = issues.map((i) => `- ${i.path || "(arguments)"}: ${i.message}`);
    text = [`${error.code}: ${head}`, ...lines, advice].join("\n");
  } else if (error.data !== undefined) {
    text += `\n${JSON.stringify(error.data, null, 2)}`;
  }
  return { isError: true, content: [{ type: "text", text: text.trim() }] };
}

/** The schema's complaints of an `INVALID_INPUT` from the bus's input check, if it has them. */
function schemaIssues(error: ErrorBody): { path: string; message: string }[] | undefined {
  if (error.code !== "INVALID_INPUT") return undefined;
  const issues = (error.data as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  return issues.map((i) => ({
    path: String((i as { path?: unknown }).path ?? ""),
    message: String((i as { message?: unknown }).message ?? "invalid"),
  }));
}

function readable(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return JSON.stringify(value ?? null, null, 2);
  }
  const record = value as Record<string, unknown>;
  const key = ["text", "output"].find((k) => typeof record[k] === "string");
  if (key === undefined) return JSON.stringify(value, null, 2);
  const { [key]: body, ...rest } = record;
  // A screen's blank bottom rows are noise to a model; structuredContent keeps them.
  return `${JSON.stringify(rest)}\n${key}:\n${(body as string).replace(/\s+$/, "")}`;
}
