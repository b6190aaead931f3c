// What the bridge's setup builds and every handler receives, and `defineCommand` typed for it.
import type { DatabaseSync } from "node:sqlite";
import { WeftError, withState } from "@weft/weft/plugin";
import { suggest } from "../../protocols/bus/suggest.ts";
import type { Broker } from "./_broker.ts";
import { row, rows } from "./_db.ts";
import type { Options } from "./options.ts";

/** The bridge plugin's state. */
export interface BridgeState {
  db: DatabaseSync;
  broker: Broker;
  options: Options;
  projectDir: string;
  /** Folder of each try's files. */
  runs: string;
  /** Tells messaging about a new agent; what came of it (see `MessagingLink.register`). */
  register(name: string, description?: string): Promise<string>;
}

/** `defineCommand` for handlers that receive {@link BridgeState}. */
export const { defineCommand } = withState<BridgeState>();

/** Throws `NOT_FOUND` (with a did-you-mean) unless `name` is a bridge agent. */
export function mustBeAgent(state: BridgeState, name: string, what = "send to"): void {
  if (row(state.db, "SELECT 1 AS x FROM agents WHERE name = ?", name)) return;
  const known = rows<{ name: string }>(state.db, "SELECT name FROM agents").map((r) => r.name);
  const close = suggest(name, known);
  const hint = close.length
    ? `; did you mean ${close.map((n) => `"${n}"`).join(" or ")}?`
    : known.length
    ? ` (agents: ${known.join(", ")})`
    : " (there are none: add one with bridge.add or weft.bridge.agents in deno.json)";
  throw new WeftError("NOT_FOUND", `Cannot ${what} "${name}": no such bridge agent${hint}`);
}
