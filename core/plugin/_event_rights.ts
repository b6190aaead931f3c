/**
 * Which events a plugin may receive. A subscription names topics; what reaches the plugin is
 * further bounded by its grant, deny by default: a topic no row knows is not delivered.
 *
 * @module
 */

import type { Capability, GrantSet } from "../../protocols/bus/capabilities.ts";

/** Topic prefix → the capability needed to receive it (`null`: anyone may). */
export const TOPIC_RIGHTS: readonly (readonly [string, Capability | null])[] = [
  ["pane.", "pane:read"],
  ["message.", "message:read"],
  ["layout.", null],
  ["focus.", null],
  ["session.", null],
  ["window.", null],
  ["plugin.", null],
  ["bus.", null],
];

/**
 * True when a plugin with `grant` may receive events of `topic`.
 *
 * @example
 * ```ts
 * import { mayReceive } from "./_event_rights.ts";
 * console.assert(mayReceive("pane.output", new Set(["pane:read"])));
 * console.assert(!mayReceive("pane.output", new Set()));
 * console.assert(!mayReceive("secret.thing", new Set(["pane:read"])));
 * ```
 */
export function mayReceive(topic: string, grant: GrantSet): boolean {
  if (grant === "all") return true;
  const row = TOPIC_RIGHTS.find(([prefix]) => topic.startsWith(prefix));
  if (!row) return false;
  return row[1] === null || grant.has(row[1]);
}
