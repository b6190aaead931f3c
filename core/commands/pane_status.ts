import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `pane.status`: one pane's description, state and cursor. */
export function paneStatus(deps: CoreDeps) {
  return implement("pane.status", ({ targets: { pane } }) => {
    return {
      ...deps.model.paneInfo(pane.id),
      bells: pane.screen.bells,
      pendingBytes: pane.screen.pendingBytes,
      idleForMs: Math.round(deps.model.clock.now() - pane.lastOutputAt),
    };
  });
}
