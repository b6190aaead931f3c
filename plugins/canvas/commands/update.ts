import { withState, z } from "@weft/weft/plugin";
import type { Canvases } from "../_canvases.ts";
import { kindField, sourceFields } from "./_fields.ts";

const { defineCommand } = withState<Canvases>();

/** `canvas.update`: change what an open canvas shows. */
export const update = defineCommand({
  name: "canvas.update",
  title: "Update canvas",
  description: "Change what a canvas shows: new `content`, another `path`, `kind`, `title` or " +
    "kind `options`; it is drawn again at once. Returns as canvas.open.",
  capabilities: ["canvas:draw"],
  mcp: { name: "update_canvas" },
  targets: [{ kind: "pane", field: "pane", fallback: "required" }],
  input: z.object({
    pane: z.string().describe("The canvas's pane id or name."),
    kind: kindField.optional(),
    ...sourceFields,
  }),
  handler: ({ input, targets, state }) => {
    const { pane: _p, ...changes } = input;
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    return state.update(targets.pane, defined);
  },
});
