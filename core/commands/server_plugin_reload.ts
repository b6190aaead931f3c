import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `server.plugin_reload`: bring one plugin in line with the project's config, no restart. */
export function serverPluginReload(deps: CoreDeps) {
  return implement(
    "server.plugin_reload",
    async ({ input }) => await deps.server.reloadPlugin(input.name, { refresh: input.refresh }),
  );
}
