import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `window.rename`: give a window a unique name, or clear it. */
export function windowRename(deps: CoreDeps) {
  return implement("window.rename", ({ input, targets: { window } }) => {
    deps.model.rename("window", window.id, input.name);
    return deps.model.windowInfo(window.id);
  });
}
