import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `server.stop`: shut the server down. */
export function serverStop(deps: CoreDeps) {
  return implement("server.stop", () => {
    deps.server.stop();
    // How long the panes' processes may take to end (a client waiting for the end uses it).
    return { stopping: true, graceMs: deps.config.killGraceMs };
  });
}
