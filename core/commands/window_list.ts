import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `window.list`: windows of one session or all. */
export function windowList(deps: CoreDeps) {
  return implement("window.list", ({ targets: { session } }) => {
    const windows = [...deps.model.windows.values()]
      .filter((w) => !session || w.session === session.id)
      .map((w) => deps.model.windowInfo(w.id));
    return { windows };
  });
}
