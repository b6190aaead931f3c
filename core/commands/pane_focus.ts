import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `pane.focus`: make a pane the focused one. */
export function paneFocus(deps: CoreDeps) {
  return implement("pane.focus", ({ targets: { pane } }) => {
    deps.model.focus(pane.id);
    return deps.model.paneInfo(pane.id);
  });
}
