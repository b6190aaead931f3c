import { z } from "zod";
import { WeftError } from "@weft/weft/plugin";
import { defineCommand } from "../_state.ts";
import { configPresets } from "../config_presets.ts";

/** `layout.define_preset`: add a preset at run time (a third-party plugin's, an agent's). */
export const definePreset = defineCommand({
  name: "layout.define_preset",
  title: "Define a layout preset",
  description:
    "Add a preset (or replace one added before) until the server stops: `layout` is a layout " +
    'spec whose {"pane": {}} leaves are slots, filled with a window\'s panes in reading order, ' +
    'and at most one {"rest": "horizontal"|"vertical"} leaf takes the panes left over, evenly. ' +
    "Built-in names cannot be replaced. Third-party plugins call this in their setup.",
  capabilities: ["layout:write"],
  mcp: { name: "define_preset" },
  input: z.object({
    name: z.string().regex(/^[a-z][a-z0-9_]*$/).max(64).describe("Lower-case preset name."),
    description: z.string().max(500).optional(),
    layout: z.record(z.string(), z.unknown()).describe("The template: a spec with slots."),
  }),
  handler: ({ input, state }) => {
    const presets = configPresets({
      [input.name]: {
        layout: input.layout,
        ...(input.description ? { description: input.description } : {}),
      },
    });
    if (state.presets.add(presets).length) {
      throw new WeftError(
        "CONFLICT",
        `Cannot define preset "${input.name}": it is a built-in preset`,
      );
    }
    return { preset: input.name };
  },
});
