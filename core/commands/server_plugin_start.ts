import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `server.plugin_start`: start a built-in plugin that is off, in the running server. */
export function serverPluginStart(deps: CoreDeps) {
  return implement(
    "server.plugin_start",
    async ({ input }) => await deps.server.startPlugin(input.name),
  );
}
