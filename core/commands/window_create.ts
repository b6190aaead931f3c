import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import { toLaunch } from "./_launch.ts";

/** `window.create`: a new window with one pane in a session. */
export function windowCreate(deps: CoreDeps) {
  return implement("window.create", ({ input, targets: { session }, caller }) => {
    const { session: _s, window: windowName, ...launch } = input;
    const { window, pane } = deps.model.createWindow(
      session.id,
      toLaunch(launch, deps, caller),
      windowName,
    );
    return { session: session.id, window: window.id, pane: pane.id };
  });
}
