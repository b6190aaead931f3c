/**
 * Which panes an agents board lists: panes running an agent (not canvases, not shells or
 * plain programs, unless `options.all`).
 *
 * @module
 */

import type { AgentRow } from "./kinds/agents.ts";

/** The part of `pane.list`'s descriptions the plugin reads. */
export interface PaneFacts extends AgentRow {
  canvas: string | null;
  cols: number;
  rows: number;
  meta: Record<string, string>;
}

const NOT_AGENTS = new Set(["shell", "program"]);

/**
 * The rows of an agents board.
 *
 * @example
 * ```ts
 * import { agentPanes } from "./_agents.ts";
 * const base = { name: null, state: "idle", stateMessage: null, stateSince: "", cols: 1, rows: 1, meta: {} };
 * const rows = agentPanes([{ ...base, id: "p1", agent: "claude", canvas: null },
 *   { ...base, id: "p2", agent: "shell", canvas: null }]);
 * console.assert(rows.length === 1 && rows[0]!.id === "p1");
 * ```
 */
export function agentPanes(
  panes: readonly PaneFacts[],
  options?: Record<string, unknown>,
): AgentRow[] {
  return panes
    .filter((p) => !p.canvas && (options?.all === true || !NOT_AGENTS.has(p.agent)))
    .map(({ id, name, agent, state, stateMessage, stateSince }) => ({
      id,
      name,
      agent,
      state,
      stateMessage,
      stateSince,
    }));
}

/** One other host as `fabric.agents` lists it (the fabric plugin's answer). */
export interface FarHost {
  host: string;
  state: string;
  agents?: Record<string, unknown>[];
}

/**
 * The rows of an agents board for the fabric's other hosts (`options.all_hosts`): their agents
 * from the fabric's presence, each by its pane's qualified id (`buildbox/p3`) and its name there
 * (`worker@buildbox`); those of an unreachable host are shown `unreachable`, not dropped.
 *
 * @example
 * ```ts
 * import { farRows } from "./_agents.ts";
 * const rows = farRows([{ host: "box", state: "unreachable",
 *   agents: [{ name: "w", pane: "box/p1", agent: "claude", state: "idle", status: "unreachable" }] }]);
 * console.assert(rows[0]!.id === "box/p1" && rows[0]!.state === "unreachable");
 * ```
 */
export function farRows(hosts: readonly FarHost[]): AgentRow[] {
  return hosts.flatMap((h) =>
    (h.agents ?? []).filter((a) => typeof a.pane === "string").map((a) => ({
      id: String(a.pane),
      name: `${String(a.name)}@${h.host}`,
      agent: String(a.agent ?? "?"),
      state: h.state === "unreachable" ? "unreachable" : String(a.state ?? "unknown"),
      stateMessage: h.state === "unreachable" && typeof a.state === "string"
        ? `host unreachable (was ${a.state})`
        : null,
      stateSince: "",
    }))
  );
}
