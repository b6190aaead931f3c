import { implement } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { CoreDeps } from "./deps.ts";

/**
 * `pane.reserve_names`: names a plugin keeps for identities that are not panes, so no pane can
 * be named so and take their messages (messaging's `human`, a bridge's agents). Each call sets
 * the calling plugin's whole list.
 */
export function paneReserveNames(deps: CoreDeps) {
  return implement("pane.reserve_names", ({ input, caller }) => {
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
  });
}
