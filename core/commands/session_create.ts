import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { toLaunch } from "./_launch.ts";

/** `session.create`: a new session with one window and one pane. */
export function sessionCreate(deps: CoreDeps) {
  return implement("session.create", ({ input, caller }) => {
    const { session: sessionName, window: windowName, ...launch } = input;
    const { session, window, pane } = deps.model.createSession(toLaunch(launch, deps, caller), {
      ...(sessionName ? { session: sessionName } : {}),
      ...(windowName ? { window: windowName } : {}),
    });
    return { session: session.id, window: window.id, pane: pane.id };
  });
}
