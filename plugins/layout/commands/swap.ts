import { z } from "zod";
import { defineCommand, WeftError } from "@weft/weft/plugin";
import { swapPanes } from "../../../protocols/layout/tree/mod.ts";
import { changeLayout } from "../_window.ts";

/** `layout.swap`: two panes of a window trade places. */
export const swap = defineCommand({
  name: "layout.swap",
  title: "Swap two panes",
  description:
    "Two panes of the same window trade places (and sizes); their programs keep running. " +
    "Returns the new layout.",
  capabilities: ["layout:write", "pane:read"],
  mcp: { name: "swap_panes" },
  input: z.object({
    a: z.string().min(1).describe("Pane id or name."),
    b: z.string().min(1).describe("Pane id or name, in the same window as a."),
  }),
  handler: async ({ input, call }) => {
    const status = (pane: string) => call("pane.status", { pane });
    const [a, b] = await Promise.all([status(input.a), status(input.b)]);
    if (a.window !== b.window) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot swap panes "${input.a}" and "${input.b}": they are in different windows ` +
          `(${a.window}, ${b.window})`,
      );
    }
    return await changeLayout(call, a.window, (w) => swapPanes(w.layout, a.id, b.id));
  },
});
