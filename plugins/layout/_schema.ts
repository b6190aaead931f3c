// The JSON Schema of a declarative layout, for MCP clients and `weft help`. The plugin checks
// input itself (checkSpec) so that errors name the path of the bad node.
import type { JsonSchema } from "@weft/weft/plugin";

const pane = {
  type: "object",
  description: "How to start the pane. All optional: the default is a shell in the project.",
  properties: {
    command: { type: "string", description: 'Shell command line, e.g. "npm test -- --watch".' },
    argv: {
      type: "array",
      items: { type: "string" },
      description: "Program and arguments, no shell.",
    },
    cwd: { type: "string", description: "Working directory; relative paths start at the project." },
    name: { type: "string", description: "A unique name to refer to the pane by later." },
    env: { type: "object", additionalProperties: { type: "string" } },
  },
  additionalProperties: false,
};

/** A layout spec; `$defs` that the input schema's root must carry. */
export const LAYOUT_DEFS: Record<string, JsonSchema> = {
  pane,
  layout: {
    description: "A layout: one pane, a split of children with ratios, or a preset with panes.",
    anyOf: [
      {
        type: "object",
        properties: { pane: { $ref: "#/$defs/pane" } },
        required: ["pane"],
        additionalProperties: false,
      },
      {
        type: "object",
        properties: {
          direction: {
            enum: ["horizontal", "vertical"],
            description: "horizontal: children side by side, left to right; vertical: stacked.",
          },
          splits: {
            type: "array",
            minItems: 1,
            items: {
              type: "object",
              properties: {
                ratio: {
                  type: "number",
                  exclusiveMinimum: 0,
                  description: "This child's share; ratios are normalised to sum to 1.",
                },
                layout: { $ref: "#/$defs/layout" },
              },
              required: ["ratio", "layout"],
            },
          },
        },
        required: ["direction", "splits"],
        additionalProperties: false,
      },
      {
        type: "object",
        properties: {
          preset: { type: "string", description: "A preset name (see layout.presets)." },
          pane_commands: {
            type: "array",
            minItems: 1,
            items: { anyOf: [{ type: "string" }, { $ref: "#/$defs/pane" }] },
            description: "One entry per pane: a command line, or a pane object.",
          },
          main_ratio: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 },
        },
        required: ["preset", "pane_commands"],
        additionalProperties: false,
      },
    ],
  },
};

/** Puts the layout `$defs` on an input schema and points `field` at them. */
export function withLayoutSchema(schema: JsonSchema, field: string): JsonSchema {
  const properties = { ...(schema.properties as Record<string, JsonSchema>) };
  properties[field] = { ...properties[field], $ref: "#/$defs/layout", type: undefined };
  delete properties[field]!.type;
  delete properties[field]!.propertyNames;
  delete properties[field]!.additionalProperties;
  return { ...schema, properties, $defs: LAYOUT_DEFS };
}
