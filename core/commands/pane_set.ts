import { z } from "zod";
import { defineCommand } from "./_define.ts";
import { AGENT_KINDS, PANE_STATES } from "../model/mod.ts";
import type { CoreDeps } from "./deps.ts";
import { PaneOut } from "../../protocols/bus/record_schemas.ts";

/** `pane.set`: agent kind, tags, metadata, or a self-reported state. */
export function paneSet(deps: CoreDeps) {
  return defineCommand({
    name: "pane.set",
    title: "Set pane properties",
    description:
      "Override a pane's agent kind (it then stops following the program in front), replace " +
      "its tags, merge metadata (null removes a key), or report its state (an agent telling " +
      'weft it is working, blocked, done…; source "self", which a status report or hook of ' +
      "the program overrides). A change publishes pane.changed (with the new values) or " +
      "pane.state.",
    capabilities: ["pane:control"],
    output: PaneOut,
    targets: [{ kind: "pane", field: "pane", fallback: "caller" }],
    input: z.object({
      pane: z.string().optional().describe("Pane id or name. Default: the caller's pane."),
      agent: z.enum(AGENT_KINDS).optional(),
      tags: z.array(z.string().max(64)).max(32).optional(),
      meta: z.record(z.string().max(64), z.string().max(4096).nullable()).optional(),
      state: z.enum(PANE_STATES).exclude(["exited"]).optional(),
      message: z.string().max(1000).optional().describe("What the state means, for humans."),
      displayFilter: z.enum(["sideband"]).nullable().optional().describe(
        "sideband: hide recognised sideband commands from what the screen shows; null: show all.",
      ),
    }),
    handler: ({ input, targets: { pane } }) => {
      const { state, message, pane: _p, ...changes } = input;
      deps.model.changePane(pane.id, changes);
      // A self-report: less trusted than the program's own status report or its hooks.
      if (state) deps.model.setState(pane.id, { state, source: "self", message: message ?? null });
      return deps.model.paneInfo(pane.id);
    },
  });
}
