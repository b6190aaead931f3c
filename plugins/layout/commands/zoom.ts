import { z } from "zod";
import { defineCommand } from "@weft/weft/plugin";
import { getLayout, windowOf } from "../_window.ts";

/** `layout.zoom`: toggle one pane filling its window. */
export const zoom = defineCommand({
  name: "layout.zoom",
  title: "Zoom a pane (toggle)",
  description:
    "Toggle zoom: a pane that is not zoomed is focused and fills its whole window (the other " +
    "panes keep running, hidden); a zoomed pane goes back to its place in the layout. Returns " +
    "the layout with `zoomed` set to the zoomed pane or null.",
  capabilities: ["layout:write", "pane:read"],
  mcp: { name: "zoom_pane" },
  targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
  input: z.object({
    pane: z.string().optional().describe("Pane id or name. Default: the caller's pane."),
  }),
  handler: async ({ targets: { pane }, call }) => {
    const w = await getLayout(call, await windowOf(call, pane));
    return await call("window.zoom", { pane, zoomed: w.zoomed !== pane });
  },
});
