import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `server.status`: what the server is and holds. */
export function serverStatus(deps: CoreDeps) {
  return implement("server.status", () => ({
    ...deps.server.status(),
    sessions: deps.model.sessions.size,
    windows: deps.model.windows.size,
    panes: deps.model.panes.size,
    current: deps.model.current(),
    commands: deps.bus.size,
    foreground: deps.model.foregroundStats(),
    held: deps.server.held(),
  }));
}
