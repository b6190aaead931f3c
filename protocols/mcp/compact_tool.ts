/**
 * A tool in compact form, for profiles an agent loads by default: its description cut to its
 * first sentences, its input schema without the fields named in `omit` and the limits the server checks anyway (lengths,
 * patterns, bounds) and with each field's description cut to its first sentence, no output
 * schema (results still carry `structuredContent`), hints only where they hold.
 *
 * @module
 */

import type { Tool } from "@modelcontextprotocol/sdk/types";
import type { JsonSchema } from "../bus/mod.ts";

/** The longest description kept, cut at a sentence's end. */
const DESCRIPTION_CHARS = 120;
/** The longest field description kept. */
const FIELD_CHARS = 56;
/** What a compact schema keeps of each field. */
const KEPT = new Set(["type", "enum", "description", "items", "properties", "required", "anyOf"]);

/**
 * The compact form of a tool.
 *
 * @example
 * ```ts
 * import { compactTool } from "./compact_tool.ts";
 * const tool = compactTool({
 *   name: "read_pane", description: "Read a pane. It returns text.\n\nMore.",
 *   inputSchema: { type: "object", properties: { lines: { type: "integer", minimum: 1 } } },
 *   outputSchema: { type: "object" }, annotations: { readOnlyHint: true },
 * });
 * console.assert(tool.outputSchema === undefined && tool.description === "Read a pane. It returns text.");
 * ```
 */
export function compactTool(tool: Tool, omit: readonly string[] = []): Tool {
  const hints = Object.entries(tool.annotations ?? {}).filter(([k, v]) => k.endsWith("Hint") && v);
  const input = compactSchema(tool.inputSchema as JsonSchema);
  const required = (input.required ?? []) as string[];
  const properties = input.properties as Record<string, JsonSchema> | undefined;
  for (const field of omit) if (properties && !required.includes(field)) delete properties[field];
  return {
    name: tool.name,
    description: sentences(tool.description ?? "", DESCRIPTION_CHARS),
    inputSchema: input as Tool["inputSchema"],
    ...(hints.length ? { annotations: Object.fromEntries(hints) } : {}),
  };
}

function compactSchema(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!KEPT.has(key)) continue;
    if (key === "description") out.description = sentences(String(value), FIELD_CHARS);
    else if (key === "properties") {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, compactSchema(v)]),
      );
    } else if (key === "items") out.items = compactSchema(value as JsonSchema);
    else if (key === "anyOf") Object.assign(out, oneOrList(value as JsonSchema[]));
    else out[key] = value;
  }
  return out;
}

/** `one | [one, …]` (a state or a list of states) reads as `one`; other unions stay. */
function oneOrList(branches: JsonSchema[]): JsonSchema {
  const [one, list] = branches.map(compactSchema);
  const same = branches.length === 2 && list?.type === "array" &&
    JSON.stringify(list.items) === JSON.stringify(one);
  return same ? one! : { anyOf: branches.map(compactSchema) };
}

/** The first sentences of `text` that fit in `max` characters (always the first, cut if long). */
function sentences(text: string, max: number): string {
  const first = text.split("\n\n")[0]!.replace(/\s+/g, " ").trim();
  // A sentence ends at . ! or ? before a capital letter or the end (not inside "e.g. x").
  const parts = first.split(/(?<=[.!?])\s+(?=[A-Z`"])/);
  let kept = "";
  for (const part of parts) {
    const next = kept ? `${kept} ${part}` : part;
    if (kept && next.length > max) break;
    kept = next;
  }
  return kept.length <= max ? kept : `${kept.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}
