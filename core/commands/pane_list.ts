import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `pane.list`: panes, optionally of one window or session. */
export function paneList(deps: CoreDeps) {
  return implement("pane.list", ({ input, targets: { window, session } }) => {
    const model = deps.model;
    const panes = [...model.panes.values()]
      .filter((p) => (!window || p.window === window.id) && (!session || p.session === session.id))
      .filter((p) => !input.tag || p.tags.includes(input.tag))
      .map((p) => model.paneInfo(p.id));
    return { panes };
  });
}
