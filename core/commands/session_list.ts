import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `session.list`: every session. */
export function sessionList(deps: CoreDeps) {
  return implement("session.list", () => ({
    sessions: [...deps.model.sessions.keys()].map((id) => deps.model.sessionInfo(id)),
  }));
}
