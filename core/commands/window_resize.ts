import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { describeLayout } from "./window_layout.ts";

/** `window.resize`: set a window's size in cells (what an attached client's terminal has). */
export function windowResize(deps: CoreDeps) {
  return implement("window.resize", ({ input, targets: { window } }) => {
    deps.model.resizeWindow(window.id, { cols: input.cols, rows: input.rows });
    return describeLayout(window);
  });
}
