import { z } from "zod";
import { ownerOf } from "../bus/mod.ts";
import { defineCommand } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { CoreDeps } from "./deps.ts";
import { PaneOut } from "../../protocols/bus/record_schemas.ts";

/**
 * `pane.canvas`: a new pane with no process, drawn by its creator with `pane.draw`. It takes
 * part in layouts, names, tags, focus, zoom and reads like any pane; what is typed into it and
 * its new sizes reach the owner, and only it, as `pane.canvas.input` and `pane.canvas.resized`
 * events (owner-only topics: see `protocols/bus/event_rights.ts`).
 */
export function paneCanvas(deps: CoreDeps) {
  return defineCommand({
    name: "pane.canvas",
    title: "Create canvas pane",
    description: "Create a canvas: a pane with no process whose screen the caller draws with " +
      "pane.draw. Placement as pane.create (`split`, `window`, `direction`, `ratio`). Keys " +
      "typed into it and its resizes come to the caller as pane.canvas.input and " +
      "pane.canvas.resized events. Returns the pane's description.",
    capabilities: ["canvas:draw"],
    mcp: { expose: false },
    output: PaneOut,
    targets: [
      { kind: "window", field: "window", fallback: "none" },
      { kind: "pane", field: "split", fallback: "caller", from: "window" },
    ],
    input: z.object({
      window: z.string().optional().describe("Window id or name to add the canvas to."),
      split: z.string().optional().describe("Pane id or name to split."),
      direction: z.enum(["horizontal", "vertical"]).optional(),
      ratio: z.number().gt(0).lt(1).optional().describe("The new pane's share of the split."),
      focus: z.boolean().optional().describe("Focus the new pane (default true)."),
      name: z.string().min(1).max(64).optional().describe("A unique name for the pane."),
      tags: z.array(z.string().max(64)).max(32).optional(),
      meta: z.record(z.string().max(64), z.string().max(4096)).optional(),
    }),
    handler: ({ input, targets: { window, split }, caller }) => {
      const model = deps.model;
      if (window && split.window !== window.id) {
        throw new WeftError(
          "INVALID_INPUT",
          `Cannot split pane "${split.id}": it is not in window "${window.id}"`,
        );
      }
      const owner = ownerOf(caller);
      const pane = model.createPane(split.window, {
        argv: [],
        command: `canvas (${owner})`,
        cwd: deps.config.projectDir,
        canvas: owner,
        ...(input.name ? { name: input.name } : {}),
        ...(input.tags ? { tags: input.tags } : {}),
        ...(input.meta ? { meta: input.meta } : {}),
        createdBy: caller.pane ?? `${caller.kind}:${caller.id}`,
      }, {
        split: split.id,
        ...(input.direction ? { direction: input.direction } : {}),
        ...(input.ratio !== undefined ? { ratio: input.ratio } : {}),
        focus: input.focus !== false,
      });
      if (input.focus !== false) model.focus(pane.id);
      return model.paneInfo(pane.id);
    },
  });
}
