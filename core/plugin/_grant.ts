/**
 * A plugin's effective grant, and the part of it Deno enforces.
 *
 * @module
 */

import { BUS_CAPABILITIES, type Capability } from "../../protocols/bus/capabilities.ts";

/**
 * What a plugin gets: what it asks for ∩ what the project allows, in the order asked; a
 * built-in allowed `"asked"` gets what its manifest asks.
 *
 * @example
 * ```ts
 * import { effectiveGrant } from "./_grant.ts";
 * const grant = effectiveGrant(["pane:read"], ["pane:read", "pane:write"]);
 * console.assert(grant.size === 1 && grant.has("pane:read"));
 * console.assert(effectiveGrant(["pane:read"], "asked").has("pane:read"));
 * ```
 */
export function effectiveGrant(
  asked: readonly Capability[],
  allowed: readonly Capability[] | "asked",
): Set<Capability> {
  return new Set(allowed === "asked" ? asked : asked.filter((c) => allowed.includes(c)));
}

/**
 * The Deno-level capabilities of a grant (`read:`, `net:`, …), sorted, so two grants can be
 * compared by what Deno would let the Worker do.
 *
 * @example
 * ```ts
 * import { denoPart } from "./_grant.ts";
 * console.assert(denoPart(new Set(["pane:read", "read:./a"])).join() === "read:./a");
 * ```
 */
export function denoPart(grant: Iterable<Capability>): Capability[] {
  const bus = BUS_CAPABILITIES as readonly string[];
  return [...grant].filter((c) => !bus.includes(c)).sort();
}
