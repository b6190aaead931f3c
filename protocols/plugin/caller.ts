/**
 * A bus `Caller` on the wire: the same data with grants as a list, since a plugin reads it.
 *
 * @module
 */

import type { Caller } from "../bus/mod.ts";
import type { Capability } from "../bus/capabilities.ts";
import type { WireCaller } from "./messages.ts";

/**
 * The wire form of a caller: a fresh copy, grants as a sorted list or `"all"`.
 *
 * @example
 * ```ts
 * import { callerToWire } from "./caller.ts";
 * const wire = callerToWire({ kind: "cli", id: "c1", grants: new Set(["pane:read"]) });
 * console.assert(Array.isArray(wire.grants) && wire.grants[0] === "pane:read");
 * ```
 */
export function callerToWire(caller: Caller): WireCaller {
  return {
    kind: caller.kind,
    id: caller.id,
    ...(caller.pane === undefined ? {} : { pane: caller.pane }),
    grants: caller.grants === "all" ? "all" : [...caller.grants].sort(),
    ...(caller.chain === undefined ? {} : { chain: [...caller.chain] }),
  };
}

/**
 * A bus caller rebuilt from its wire form.
 *
 * @example
 * ```ts
 * import { callerFromWire } from "./caller.ts";
 * const caller = callerFromWire({ kind: "cli", id: "c1", grants: ["pane:read"] });
 * console.assert(caller.grants !== "all" && caller.grants.has("pane:read"));
 * ```
 */
export function callerFromWire(wire: WireCaller): Caller {
  return {
    kind: wire.kind,
    id: wire.id,
    ...(wire.pane === undefined ? {} : { pane: wire.pane }),
    grants: wire.grants === "all" ? "all" : new Set<Capability>(wire.grants),
    ...(wire.chain === undefined ? {} : { chain: [...wire.chain] }),
  };
}
