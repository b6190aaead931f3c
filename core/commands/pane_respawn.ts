import { z } from "zod";
import { defineCommand } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { PaneOut } from "../../protocols/bus/record_schemas.ts";
import { launchFields, toLaunch } from "./_launch.ts";

const { name: _name, ...fields } = launchFields;

/**
 * `pane.respawn`: a new process in an existing pane (tmux's `respawn-pane -k`): the pane keeps
 * its id, place, size, name, tags and metadata; its old process is ended.
 */
export function paneRespawn(deps: CoreDeps) {
  return defineCommand({
    name: "pane.respawn",
    title: "Respawn pane",
    description: "Start a new program in an existing pane, ending the one it runs (tmux's " +
      "`respawn-pane -k`). The pane keeps its id, place in the layout, size, name, tags and " +
      "metadata. Default program: an interactive shell. Returns the pane's description.",
    capabilities: ["pane:spawn", "pane:control"],
    mcp: { expose: false },
    output: PaneOut,
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    input: z.object({ pane: z.string().describe("Pane id or name."), ...fields }),
    handler: ({ input, targets: { pane }, caller }) => {
      const { pane: _p, ...launch } = input;
      // Like tmux, the program starts where the pane is, not where the caller is.
      const cwd = launch.cwd ?? pane.screen.cwd ?? pane.launch.cwd;
      deps.model.respawnPane(pane.id, toLaunch({ ...launch, cwd }, deps, caller));
      return deps.model.paneInfo(pane.id);
    },
  });
}
