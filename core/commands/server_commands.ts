import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";

/** `server.commands`: every registered command with its schemas (for help and MCP). */
export function serverCommands(deps: CoreDeps) {
  return implement("server.commands", ({ input }) => ({
    commands: deps.bus.list((c) =>
      (!input.name || c.name === input.name) && (!input.tagged || c.sideband !== undefined)
    ),
  }));
}
