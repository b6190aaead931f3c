import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { MovedOut } from "../../protocols/bus/record_schemas.ts";

/**
 * `pane.move`: a pane, its program and screen, to another place: beside a pane of any window
 * (tmux's `join-pane`) or alone in a new window (`break-pane`).
 */
export function paneMove(deps: CoreDeps) {
  return defineCommand({
    name: "pane.move",
    title: "Move pane",
    description: "Move a pane (its program keeps running, its id stays) beside another pane, " +
      "which is split (`split`, `direction`, `ratio`, `before` as for pane.create), or into a " +
      "new window of a session (`session`, default the pane's own; `name` names the window). " +
      "A window left without panes closes. `focus` (default true) focuses the moved pane.",
    capabilities: ["layout:write"],
    mcp: { name: "move_pane" },
    targets: [
      { kind: "pane", field: "pane", fallback: "required" },
      { kind: "pane", field: "split", fallback: "none" },
      { kind: "session", field: "session", fallback: "none" },
    ],
    input: z.object({
      pane: z.string().describe("Pane id or name to move."),
      split: z.string().optional().describe("Pane to put it beside (split)."),
      direction: z.enum(["horizontal", "vertical"]).optional(),
      ratio: z.number().gt(0).lt(1).optional().describe("The moved pane's share of the split."),
      before: z.boolean().optional().describe("Put it left of/above the split pane."),
      session: z.string().optional().describe("Without split: the new window's session."),
      name: z.string().min(1).max(64).optional().describe("Without split: the new window's name."),
      focus: z.boolean().optional().describe("Focus the moved pane (default true)."),
    }),
    output: MovedOut,
    handler: ({ input, targets: { pane, split, session } }) => {
      const { direction, ratio, before, name } = input;
      const model = deps.model;
      const window = split
        ? model.movePane(pane.id, {
          split: split.id,
          ...(direction ? { direction } : {}),
          ...(ratio !== undefined ? { ratio } : {}),
          ...(before !== undefined ? { before } : {}),
        })
        : model.movePane(pane.id, {
          session: session?.id ?? pane.session,
          ...(name ? { name } : {}),
        });
      if (input.focus !== false) model.focus(pane.id);
      return { pane: pane.id, window: window.id, session: window.session };
    },
  });
}
