import { z } from "zod";
import { defineCommand } from "../_state.ts";

/** `layout.presets`: the presets this server knows, in cycle order. */
export const presets = defineCommand({
  name: "layout.presets",
  title: "List layout presets",
  description:
    "List the layout presets (built-in and configured), in the order layout.cycle goes " +
    "through them, each with a description.",
  capabilities: [],
  mcp: { name: "list_presets", readOnly: true },
  input: z.object({}),
  handler: ({ state }) => ({
    presets: state.presets.all().map((p) => ({ name: p.name, description: p.description })),
  }),
});
