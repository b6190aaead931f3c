import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `window.select`: make a window current. */
export function windowSelect(deps: CoreDeps) {
  return implement("window.select", ({ targets: { window } }) => {
    deps.model.selectWindow(window.id);
    return deps.model.windowInfo(window.id);
  });
}
