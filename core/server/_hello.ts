/**
 * `server.hello` on the control socket: who a client says it is, and what of it is believed.
 * Its name and kind are attribution only; rights can only be given up; a pane is believed only
 * with that pane's own key (any local process can name any pane, only the pane's own
 * processes have its `WEFT_SIDEBAND_KEY`).
 *
 * @module
 */

import type { Caller } from "../bus/mod.ts";
import { type Capability, intersect, parseCapability } from "../../protocols/bus/capabilities.ts";

/** What checking a claimed pane needs from the server. */
export interface PaneProof {
  /** Whether a pane id exists (to say why a claim is refused). */
  paneExists: (id: string) => boolean;
  /** Whether `key` is pane `id`'s own key. */
  paneKey: (id: string, key: string) => boolean;
}

/** The caller after a hello, and why its pane was not believed (when it named one). */
export interface Hello {
  caller: Caller;
  paneRefused?: string;
}

/**
 * The caller `caller` becomes by saying hello with `params` on connection `id`.
 *
 * @example
 * ```ts
 * import { helloCaller } from "./_hello.ts";
 * const proof = { paneExists: () => true, paneKey: (_: string, key: string) => key === "k2" };
 * const start = { kind: "socket" as const, id: "c1", grants: "all" as const };
 * console.assert(helloCaller(start, { pane: "p2", key: "k2" }, { id: "c1", ...proof }).caller.pane === "p2");
 * console.assert(helloCaller(start, { pane: "p2" }, { id: "c1", ...proof }).caller.pane === undefined);
 * ```
 */
export function helloCaller(
  caller: Caller,
  params: unknown,
  options: PaneProof & { id: string },
): Hello {
  const p = (params ?? {}) as { client?: unknown; pane?: unknown; key?: unknown; grants?: unknown };
  const next: Caller = { ...caller };
  if (typeof p.client === "string" && /^[a-z][a-z0-9_-]{0,31}$/.test(p.client)) {
    next.id = `${p.client}:${options.id}`;
    if (p.client === "mcp" || p.client === "cli" || p.client === "tui") next.kind = p.client;
  }
  let paneRefused: string | undefined;
  if (p.pane !== undefined) {
    // A pane is claimed anew (or given up) by each hello.
    delete next.pane;
    paneRefused = unproven(p.pane, p.key, options);
    if (!paneRefused) next.pane = p.pane as string;
  }
  if (Array.isArray(p.grants)) {
    // A client may give up rights (a read-only MCP bridge), never gain them.
    const asked = new Set<Capability>(p.grants.map((g) => parseCapability(String(g))));
    next.grants = intersect(next.grants, asked);
  }
  return paneRefused ? { caller: next, paneRefused } : { caller: next };
}

/** Why a claim to run in `pane` is not believed, or undefined when `key` proves it. */
function unproven(pane: unknown, key: unknown, proof: PaneProof): string | undefined {
  if (typeof pane !== "string" || pane === "") return "Cannot act as a pane: give its id";
  const why = !proof.paneExists(pane)
    ? "there is no such pane"
    : typeof key !== "string" || key === ""
    ? "no key was given"
    : !proof.paneKey(pane, key)
    ? "the key is not that pane's"
    : undefined;
  return why &&
    `Cannot act as pane ${pane}: ${why} (a pane's own processes prove it with the ` +
      "WEFT_SIDEBAND_KEY in their environment); this client acts as no pane";
}
