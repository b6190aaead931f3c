import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `session.kill`: end a session, its windows and their processes. */
export function sessionKill(deps: CoreDeps) {
  return implement("session.kill", ({ targets: { session } }) => {
    deps.model.killSession(session.id);
    return { killed: session.id };
  });
}
