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
