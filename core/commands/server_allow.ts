import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `server.allow`: start the programs of panes restored from a store weft did not record. */
export function serverAllow(deps: CoreDeps) {
  return implement("server.allow", async ({ input }) => {
    const started = await deps.server.allow(input.panes ?? []);
    return { started, held: deps.server.held() };
  });
}
