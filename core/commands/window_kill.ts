import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `window.kill`: close a window and its panes. */
export function windowKill(deps: CoreDeps) {
  return implement("window.kill", ({ targets: { window } }) => {
    deps.model.killWindow(window.id);
    return { killed: window.id };
  });
}
