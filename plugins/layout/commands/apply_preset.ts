import { z } from "zod";
import { panesOf } from "../../../protocols/layout/tree/mod.ts";
import { applyPreset } from "../_catalog.ts";
import { defineCommand } from "../_state.ts";
import type { Preset } from "../presets.ts";
import { type Call, changeLayout, type WindowLayout, withTree } from "../_window.ts";

/** Rearranges a window's panes into `p`, zooming or unzooming as the preset says. */
export async function arrange(
  call: Call,
  window: string,
  p: Preset,
  mainRatio?: number,
): Promise<WindowLayout & { preset: string }> {
  let layout = await changeLayout(
    call,
    window,
    (w) => applyPreset(p, w, panesOf(w.layout), mainRatio),
  );
  const focused = layout.focused ?? panesOf(layout.layout)[0]!;
  if (p.zoom && panesOf(layout.layout).length > 1) {
    layout = withTree(await call("window.zoom", { pane: focused, zoomed: true }));
  } else if (!p.zoom && layout.zoomed) {
    layout = withTree(await call("window.zoom", { pane: layout.zoomed, zoomed: false }));
  }
  return { preset: p.name, ...layout };
}

/** `layout.apply_preset`: rearrange the panes a window has into a preset shape. */
export const applyPresetCommand = defineCommand({
  name: "layout.apply_preset",
  title: "Apply a layout preset",
  description:
    "Rearrange the panes a window already has into a preset shape (no pane is started or " +
    "closed): single (the focused pane fills the window), split_horizontal / even_horizontal " +
    "(side by side), split_vertical / even_vertical (stacked), grid_2x2, main_left / " +
    "main_vertical (first pane left, others stacked right), main_top / main_horizontal (first " +
    "pane on top, others below), tiled (grid), plus any the project configures (layout.presets " +
    "lists them). A unique prefix is enough (`ti` for tiled). `main_ratio` sets the main " +
    "pane's share. Returns the new layout with each pane's cell rectangle.",
  capabilities: ["layout:write", "pane:read"],
  mcp: { name: "apply_preset" },
  targets: [{ kind: "window", field: "window", fallback: "caller" }],
  input: z.object({
    window: z.string().optional().describe("Window id or name. Default: the caller's window."),
    preset: z.string().min(1).max(64).describe("Preset name or unique prefix, e.g. tiled."),
    main_ratio: z.number().gt(0).lt(1).optional().describe("The main pane's share (0-1)."),
  }),
  handler: ({ input, targets: { window }, call, state }) =>
    arrange(call, window, state.presets.find(input.preset), input.main_ratio),
});
