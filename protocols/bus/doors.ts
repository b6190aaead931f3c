/**
 * What each door's calls are like, whatever its wire: who types what it writes into a pane,
 * and whether its clients give up on a call after about a minute. Handlers read these traits
 * (the bus hands them over as `door`) instead of asking which door called.
 *
 * @module
 */

import type { Caller } from "./command_spec.ts";

/** A door's traits. */
export interface DoorTraits {
  /**
   * Who types what it writes into a pane: a human at a keyboard (their keys hold agents'
   * input back for a while), an agent (its input waits for a typing human to pause), or a
   * program (neither).
   */
  typist: "human" | "agent" | "program";
  /**
   * Its clients give up on a call after about a minute (MCP clients do): a command that may
   * wait long caps its wait so that it answers in time.
   */
  shortCalls: boolean;
}

const PROGRAM: DoorTraits = { typist: "program", shortCalls: false };

/** The traits of each kind of caller. */
export const DOORS: Readonly<Record<Caller["kind"], DoorTraits>> = {
  tui: { typist: "human", shortCalls: false },
  web: { typist: "human", shortCalls: false },
  mcp: { typist: "agent", shortCalls: true },
  sideband: { typist: "agent", shortCalls: false },
  socket: PROGRAM,
  cli: PROGRAM,
  plugin: PROGRAM,
  internal: PROGRAM,
  // Another weft server's call (the fabric): its own door's traits travel in its chain.
  host: PROGRAM,
};

/**
 * The traits of `caller`'s door. A plugin's nested call keeps the agent and the short calls of
 * a door plugin along its chain (the `mcp` and `sideband` plugins call on an agent's behalf);
 * only the door itself is a human's.
 *
 * @example
 * ```ts
 * import { doorOf } from "./doors.ts";
 * console.assert(doorOf({ kind: "tui", id: "c1", grants: "all" }).typist === "human");
 * const nested = { kind: "plugin" as const, id: "message", grants: "all" as const, chain: ["mcp"] };
 * console.assert(doorOf(nested).typist === "agent" && doorOf(nested).shortCalls);
 * ```
 */
export function doorOf(caller: Caller): DoorTraits {
  const own = DOORS[caller.kind] ?? PROGRAM;
  if (own.typist === "human") return own;
  const along = [
    own,
    ...(caller.chain ?? []).flatMap((o) =>
      Object.hasOwn(DOORS, o) ? [DOORS[o as Caller["kind"]]] : []
    ),
  ];
  return {
    typist: along.some((d) => d.typist === "agent") ? "agent" : "program",
    shortCalls: along.some((d) => d.shortCalls),
  };
}
