import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `session.rename`: give a session a unique name, or clear it. */
export function sessionRename(deps: CoreDeps) {
  return implement("session.rename", ({ input, targets: { session } }) => {
    deps.model.rename("session", session.id, input.name);
    return deps.model.sessionInfo(session.id);
  });
}
