import { z } from "zod";
import { defineCommand } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { CoreDeps } from "./deps.ts";
import { ReservedNamesOut } from "../../protocols/bus/record_schemas.ts";

/**
 * `pane.reserve_names`: names a plugin keeps for identities that are not panes, so no pane can
 * be named so and take their messages (messaging's `human`, a bridge's agents). Each call sets
 * the calling plugin's whole list.
 */
export function paneReserveNames(deps: CoreDeps) {
  return defineCommand({
    name: "pane.reserve_names",
    title: "Reserve identity names",
    description: "For plugins: keep these names for identities that are not panes (replacing " +
      "the plugin's earlier list); creating or renaming a pane to one fails with CONFLICT. " +
      "Names a pane has now, or another plugin keeps, are not reserved and come back in `taken`.",
    capabilities: ["message:send"],
    mcp: { expose: false },
    output: ReservedNamesOut,
    input: z.object({ names: z.array(z.string().min(1).max(64)).max(10_000) }),
    handler: ({ input, caller }) => {
      if (caller.kind !== "plugin") {
        throw new WeftError("DENIED", "Cannot reserve names: only a plugin may");
      }
      const model = deps.model;
      const byPane = new Map(
        [...model.panes.values()].flatMap((p) => p.name ? [[p.name, p.id]] : []),
      );
      const free = input.names.filter((n) => !byPane.has(n));
      const { held } = model.reserved.set(caller.id, free);
      return {
        reserved: free.filter((n) => !held.some((h) => h.name === n)),
        taken: [
          ...input.names.flatMap((name) => {
            const pane = byPane.get(name);
            return pane ? [{ name, pane }] : [];
          }),
          ...held.map((h) => ({ name: h.name, plugin: h.owner })),
        ],
      };
    },
  });
}
