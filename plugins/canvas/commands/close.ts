import { withState, z } from "@weft/weft/plugin";
import type { Canvases } from "../_canvases.ts";

const { defineCommand } = withState<Canvases>();

/** `canvas.close`: close a canvas (`pane.close` does the same). */
export const close = defineCommand({
  name: "canvas.close",
  title: "Close canvas",
  description: "Close a canvas pane and stop watching its file (pane.close works too).",
  capabilities: ["canvas:draw", "pane:control"],
  mcp: { name: "close_canvas" },
  targets: [{ kind: "pane", field: "pane", fallback: "required" }],
  input: z.object({ pane: z.string().describe("The canvas's pane id or name.") }),
  handler: async ({ targets, state, call }) => {
    state.get(targets.pane);
    await call("pane.close", { pane: targets.pane });
    state.forget(targets.pane);
    return { closed: targets.pane };
  },
});
