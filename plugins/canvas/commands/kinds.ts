import { withState, z } from "@weft/weft/plugin";
import type { Canvases } from "../_canvases.ts";
import { KIND_SUMMARIES, KINDS, LIVE_KINDS } from "../kinds/mod.ts";

const { defineCommand } = withState<Canvases>();

/** `canvas.kinds`: what a canvas can show, and the canvases open. */
export const kinds = defineCommand({
  name: "canvas.kinds",
  title: "Canvas kinds",
  description: "The kinds a canvas can show, each with what it takes (path/content, or live " +
    "data) and its options; and the canvases open now.",
  capabilities: [],
  mcp: { name: "canvas_kinds", readOnly: true },
  input: z.object({}),
  handler: ({ state }) => ({
    kinds: Object.keys(KINDS).sort().map((kind) => ({
      kind,
      source: LIVE_KINDS.has(kind) ? "live" : "path or content",
      summary: KIND_SUMMARIES[kind] ?? "",
    })),
    open: state.list(),
  }),
});
