import { z } from "zod";
import { defineCommand } from "../bus/mod.ts";
import type { CoreDeps } from "./deps.ts";

/** `window.select`: make a window current. */
export function windowSelect(deps: CoreDeps) {
  return defineCommand({
    name: "window.select",
    title: "Select window",
    description: "Make a window its session's current window (what attached clients show).",
    capabilities: ["pane:control"],
    target: { kind: "window", field: "window", fallback: "required" },
    input: z.object({ window: z.string().describe("Window id or name.") }),
    handler: ({ target }) => {
      deps.model.selectWindow(target!);
      return deps.model.windowInfo(target!);
    },
  });
}
