import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `pane.close`: end a pane's process and remove the pane. */
export function paneClose(deps: CoreDeps) {
  return implement("pane.close", ({ targets: { pane } }) => {
    deps.model.closePane(pane.id);
    return { closed: pane.id };
  });
}
