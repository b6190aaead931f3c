import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { WindowOut } from "../../protocols/bus/record_schemas.ts";

/** `window.select`: make a window current. */
export function windowSelect(deps: CoreDeps) {
  return defineCommand({
    name: "window.select",
    title: "Select window",
    description: "Make a window its session's current window (what attached clients show).",
    capabilities: ["pane:control"],
    output: WindowOut,
    targets: [{ kind: "window", field: "window", fallback: "required" }],
    input: z.object({ window: z.string().describe("Window id or name.") }),
    handler: ({ targets: { window } }) => {
      deps.model.selectWindow(window.id);
      return deps.model.windowInfo(window.id);
    },
  });
}
