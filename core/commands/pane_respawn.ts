import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { toLaunch } from "./_launch.ts";

/**
 * `pane.respawn`: a new process in an existing pane (tmux's `respawn-pane -k`): the pane keeps
 * its id, place, size, name, tags and metadata; its old process is ended.
 */
export function paneRespawn(deps: CoreDeps) {
  return implement("pane.respawn", ({ input, targets: { pane }, caller }) => {
    const { pane: _p, ...launch } = input;
    // Like tmux, the program starts where the pane is, not where the caller is.
    const cwd = launch.cwd ?? pane.screen.cwd ?? pane.launch.cwd;
    deps.model.respawnPane(pane.id, toLaunch({ ...launch, cwd }, deps, caller));
    return deps.model.paneInfo(pane.id);
  });
}
