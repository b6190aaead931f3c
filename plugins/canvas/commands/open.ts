import { withState, z } from "@weft/weft/plugin";
import type { Canvases } from "../_canvases.ts";
import { kindField, sourceFields } from "./_fields.ts";

const { defineCommand } = withState<Canvases>();

/** `canvas.open`: a new canvas pane showing a file, some text, or a live board. */
export const open = defineCommand({
  name: "canvas.open",
  title: "Open canvas",
  description: "Open a canvas beside the terminals: a pane that shows data drawn to fit it " +
    "(kinds: see canvas.kinds — json, log, table, agents, and diff, tests, markdown where " +
    "installed). Give `path` (a file inside the project, watched and drawn again when it " +
    "changes) or `content` (text); `agents` takes neither. Placement as create_pane: `split`, " +
    "`window`, `direction`. In the pane: arrows, PgUp/PgDn, g/G scroll, / searches, q closes. " +
    "A source that cannot be read or parsed is returned as an error and leaves no pane. " +
    "Returns the pane id, title and size.",
  capabilities: ["canvas:draw"],
  mcp: { name: "open_canvas" },
  sideband: {
    tag: "canvas",
    summary: "open a canvas of `kind` showing `path` (or the tag's content) beside the writer",
    content: "content",
    self: "split",
    attrs: {
      kind: { kind: "string", required: true, max: 32 },
      path: { kind: "string", max: 4096 },
      content: { kind: "string", max: 256 * 1024 },
      title: { kind: "string", max: 256 },
      name: { kind: "string", max: 64 },
      direction: { kind: ["horizontal", "vertical"] },
      focus: { kind: "bool" },
    },
  },
  input: z.object({
    kind: kindField,
    ...sourceFields,
    name: z.string().min(1).max(64).optional().describe("A unique name for the pane."),
    window: z.string().optional().describe("Window id or name to add the canvas to."),
    split: z.string().optional().describe("Pane id or name to split. Default: the caller's."),
    direction: z.enum(["horizontal", "vertical"]).optional(),
    focus: z.boolean().optional().describe("Focus the canvas (default true)."),
  }),
  handler: ({ input, state }) => {
    const { kind, path, content, title, options, ...placement } = input;
    return state.open({
      kind,
      ...(path !== undefined ? { path } : {}),
      ...(content !== undefined ? { content } : {}),
      ...(title !== undefined ? { title } : {}),
      ...(options !== undefined ? { options } : {}),
    }, placement);
  },
});
