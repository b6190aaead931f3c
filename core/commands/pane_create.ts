import { z } from "zod";
import { defineCommand } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { CoreDeps } from "./deps.ts";
import { PaneOut } from "../../protocols/bus/record_schemas.ts";
import { launchFields, toLaunch } from "./_launch.ts";

/**
 * `pane.create`: a new pane, by splitting a given pane or the focused pane of a window.
 * `weft new`, `weft split`, MCP `create_pane`, `<weft:spawn/>` and the TUI all reach this.
 */
export function paneCreate(deps: CoreDeps) {
  return defineCommand({
    name: "pane.create",
    title: "Create pane",
    description:
      "Start a program in a new pane. With `split`, that pane is split; with `window`, its " +
      "focused pane; with neither, the caller's own pane (an agent's), else the focused pane " +
      "of the current window. `direction` " +
      "horizontal puts the new pane to the right, vertical below; `ratio` is the new pane's " +
      "share (default 0.5). Returns the pane's description (id, pid, size, …).",
    capabilities: ["pane:spawn"],
    mcp: { name: "create_pane" },
    output: PaneOut,
    // The window first: with `window` and no `split`, its focused pane is split; with neither,
    // the caller's own pane, else the focused one.
    targets: [
      { kind: "window", field: "window", fallback: "none" },
      { kind: "pane", field: "split", fallback: "caller", from: "window" },
    ],
    input: z.object({
      window: z.string().optional().describe("Window id or name to add the pane to."),
      split: z.string().optional().describe("Pane id or name to split."),
      direction: z.enum(["horizontal", "vertical"]).optional(),
      ratio: z.number().gt(0).lt(1).optional().describe("The new pane's share of the split."),
      before: z.boolean().optional().describe("Put the new pane left of/above the split pane."),
      focus: z.boolean().optional().describe("Focus the new pane (default true)."),
      ...launchFields,
    }),
    handler: ({ input, targets: { window, split }, caller }) => {
      const { window: _w, split: _s, direction, ratio, before, focus, ...launch } = input;
      const model = deps.model;
      if (window && split.window !== window.id) {
        throw new WeftError(
          "INVALID_INPUT",
          `Cannot split pane "${split.id}": it is not in window "${window.id}"`,
        );
      }
      const pane = model.createPane(split.window, toLaunch(launch, deps, caller), {
        split: split.id,
        ...(direction ? { direction } : {}),
        ...(ratio !== undefined ? { ratio } : {}),
        ...(before !== undefined ? { before } : {}),
        focus: focus !== false,
      });
      if (focus !== false) model.focus(pane.id);
      return model.paneInfo(pane.id);
    },
  });
}
