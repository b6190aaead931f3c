import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/**
 * `pane.move`: a pane, its program and screen, to another place: beside a pane of any window
 * (tmux's `join-pane`) or alone in a new window (`break-pane`).
 */
export function paneMove(deps: CoreDeps) {
  return implement("pane.move", ({ input, targets: { pane, split, session } }) => {
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
  });
}
