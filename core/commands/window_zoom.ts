import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { describeLayout } from "./window_layout.ts";

/** `window.zoom`: one pane fills its window, or the window's layout comes back. */
export function windowZoom(deps: CoreDeps) {
  return implement("window.zoom", ({ input, targets: { pane } }) => {
    const model = deps.model;
    const window = model.window(pane.window);
    if (input.zoomed) {
      model.focus(pane.id);
      window.zoomed = pane.id;
    } else if (window.zoomed) window.zoomed = null;
    model.relayout(window.id);
    return describeLayout(window);
  });
}
