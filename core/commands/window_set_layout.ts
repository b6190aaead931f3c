import { z } from "zod";
import { defineCommand } from "./_define.ts";
import { parseLayout } from "../../protocols/layout/tree/mod.ts";
import type { CoreDeps } from "./deps.ts";
import { describeLayout } from "./window_layout.ts";
import { LayoutOut } from "../../protocols/bus/record_schemas.ts";

/** `window.set_layout`: replace a window's layout tree. */
export function windowSetLayout(deps: CoreDeps) {
  return defineCommand({
    name: "window.set_layout",
    title: "Set layout",
    description: "Replace a window's layout tree. The tree must hold exactly the window's panes: " +
      '{"type":"pane","pane":"p1"} or {"type":"split","direction":"horizontal"|"vertical",' +
      '"children":[{"ratio":0.5,"node":…},…]}. Ratios are normalised.',
    capabilities: ["layout:write"],
    output: LayoutOut,
    targets: [{ kind: "window", field: "window", fallback: "caller" }],
    input: z.object({
      window: z.string().optional().describe("Window id or name. Default: the caller's window."),
      layout: z.record(z.string(), z.unknown()).describe("The new layout tree."),
    }),
    handler: ({ input, targets: { window } }) => {
      deps.model.setLayout(window.id, parseLayout(JSON.stringify(input.layout)));
      return describeLayout(window);
    },
  });
}
