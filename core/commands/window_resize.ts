import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { describeLayout } from "./window_layout.ts";
import { LayoutOut } from "../../protocols/bus/record_schemas.ts";

/** `window.resize`: set a window's size in cells (what an attached client's terminal has). */
export function windowResize(deps: CoreDeps) {
  return defineCommand({
    name: "window.resize",
    title: "Resize window",
    description: "Set a window's size in cells; every pane's PTY is resized to its new rectangle.",
    capabilities: ["pane:control"],
    output: LayoutOut,
    targets: [{ kind: "window", field: "window", fallback: "caller" }],
    input: z.object({
      window: z.string().optional().describe("Window id or name. Default: the caller's window."),
      cols: z.number().int().min(2).max(2000),
      rows: z.number().int().min(2).max(1000),
    }),
    handler: ({ input, targets: { window } }) => {
      deps.model.resizeWindow(window.id, { cols: input.cols, rows: input.rows });
      return describeLayout(window);
    },
  });
}
