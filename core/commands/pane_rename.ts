import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `pane.rename`: give a pane a unique name, or clear it. */
export function paneRename(deps: CoreDeps) {
  return implement("pane.rename", ({ input, targets: { pane } }) => {
    deps.model.rename("pane", pane.id, input.name);
    return deps.model.paneInfo(pane.id);
  });
}
