import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `pane.set`: agent kind, tags, metadata, or a self-reported state. */
export function paneSet(deps: CoreDeps) {
  return implement("pane.set", ({ input, targets: { pane } }) => {
    const { state, message, pane: _p, ...changes } = input;
    deps.model.changePane(pane.id, changes);
    // A self-report: less trusted than the program's own status report or its hooks.
    if (state) deps.model.setState(pane.id, { state, source: "self", message: message ?? null });
    return deps.model.paneInfo(pane.id);
  });
}
