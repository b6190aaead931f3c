import { z } from "zod";
import { type LayoutNode, panesOf } from "../../../protocols/layout/tree/mod.ts";
import { applyPreset } from "../_catalog.ts";
import { defineCommand } from "../_state.ts";
import { getLayout } from "../_window.ts";
import { arrange } from "./apply_preset.ts";

/** A comparable form of a tree: directions, pane ids, ratios to 1e-9. */
function shape(node: LayoutNode): string {
  if (node.type === "pane") return node.pane;
  const parts = node.children.map((c) => `${c.ratio.toFixed(9)}:${shape(c.node)}`);
  return `${node.direction[0]}(${parts.join(",")})`;
}

/** `layout.cycle`: the next preset whose shape differs from the window's. */
export const cycle = defineCommand({
  name: "layout.cycle",
  title: "Cycle layout presets",
  description: "Rearrange a window's panes into the next preset shape (single, split_horizontal, " +
    "split_vertical, grid_2x2, main_left, … tiled, then around). Presets that would look the " +
    "same for this window are skipped. Returns the layout and the preset applied.",
  capabilities: ["layout:write", "pane:read"],
  mcp: { name: "cycle_layout" },
  targets: [{ kind: "window", field: "window", fallback: "caller" }],
  input: z.object({
    window: z.string().optional().describe("Window id or name. Default: the caller's window."),
  }),
  handler: async ({ targets: { window }, call, state }) => {
    const presets = state.presets.all();
    const w = await getLayout(call, window);
    const panes = panesOf(w.layout);
    const multi = panes.length > 1;
    const keys = presets.map((p) =>
      shape(applyPreset(p, w, panes, undefined)) + (p.zoom && multi ? "+zoom" : "")
    );
    const distinct = keys.flatMap((k, i) => (keys.indexOf(k) === i ? [i] : []));
    const now = distinct.findIndex((i) => keys[i] === shape(w.layout) + (w.zoomed ? "+zoom" : ""));
    const next = distinct[(now + 1) % distinct.length]!;
    return await arrange(call, window, presets[next]!);
  },
});
