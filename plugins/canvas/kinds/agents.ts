/**
 * `agents`: a board of agent panes, one row each: the pane's name (or id), its agent kind, its
 * state coloured, the state's message and how long it has held. The content is the JSON the
 * canvas plugin gathers (`pane.list`'s panes); `options.now` (ms since the epoch) is the time
 * the ages are counted to, so a render is a pure function of its input.
 *
 * @module
 */

import { WeftError } from "@weft/weft/plugin";
import type { RenderInput, RenderOutput } from "./types.ts";
import { cells, inert, pad, paint, STYLE } from "./_text.ts";
import { header } from "./_header.ts";

/** The part of a pane description the board shows. */
export interface AgentRow {
  id: string;
  name: string | null;
  agent: string;
  state: string;
  stateMessage: string | null;
  stateSince: string;
}

const STATE_STYLE: Readonly<Record<string, string>> = {
  working: STYLE.yellow,
  blocked: `${STYLE.bold};${STYLE.red}`,
  error: STYLE.red,
  done: STYLE.green,
  idle: STYLE.cyan,
  exited: STYLE.gray,
  unknown: STYLE.gray,
  unreachable: STYLE.gray,
};

/** States listed first: those that want a human. */
const ORDER = ["blocked", "error", "working", "done", "idle", "unknown", "unreachable", "exited"];

/**
 * Renders the board.
 *
 * @example
 * ```ts
 * import { renderAgents } from "./agents.ts";
 * const panes = [{ id: "p1", name: "a", agent: "claude", state: "working", stateMessage: null,
 *   stateSince: "2026-01-01T00:00:00Z" }];
 * const { lines } = renderAgents({ content: JSON.stringify(panes), width: 60, height: 5,
 *   options: { now: Date.parse("2026-01-01T00:01:00Z") } });
 * console.assert(lines[3]!.includes("1m"));
 * ```
 */
export function renderAgents(input: RenderInput): RenderOutput {
  const rows = parseRows(input.content);
  const now = typeof input.options?.now === "number" ? input.options.now : Date.now();
  rows.sort((a, b) => rank(a.state) - rank(b.state) || a.id.localeCompare(b.id, "en"));
  const counts = ORDER.map((s) => [s, rows.filter((r) => r.state === s).length] as const)
    .filter(([, n]) => n > 0).map(([s, n]) => `${n} ${s}`);
  const facts = [`${rows.length} agent${rows.length === 1 ? "" : "s"}`, ...counts];
  if (!rows.length) {
    return { lines: [...header(input, "agents", facts), paint(STYLE.gray, "no agent panes")] };
  }
  const table = rows.map((r) => [
    inert(r.name ?? r.id),
    inert(r.agent),
    inert(r.state),
    age(now - Date.parse(r.stateSince)),
    inert(r.stateMessage ?? "").replaceAll("\n", " "),
  ]);
  const head = ["PANE", "KIND", "STATE", "SINCE", "MESSAGE"];
  const widths = head.slice(0, 4).map((h, c) =>
    Math.min(24, Math.max(cells(h), ...table.map((r) => cells(r[c]!))))
  );
  const fixed = widths.reduce((a, b) => a + b + 2, 0);
  widths.push(Math.max(0, input.width - fixed));
  const line = (cols: string[], styleOf: (c: number) => string) =>
    cols.map((text, c) => {
      const cell = pad(text, widths[c]!, c === 3 ? "right" : "left");
      const style = styleOf(c);
      return style ? paint(style, cell) : cell;
    }).join("  ");
  return {
    lines: [
      ...header(input, "agents", facts),
      line(head, () => STYLE.bold),
      ...table.map((r) => line(r, (c) => (c === 2 ? STATE_STYLE[r[2]!] ?? "" : ""))),
    ].map((l) => (cells(l) > input.width ? pad(l, input.width) : l)),
  };
}

function parseRows(content: string): AgentRow[] {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (err) {
    throw new WeftError("INVALID_INPUT", `Cannot parse the agent list: ${(err as Error).message}`);
  }
  const list = Array.isArray(value) ? value : (value as { panes?: unknown })?.panes;
  if (!Array.isArray(list)) {
    throw new WeftError("INVALID_INPUT", "Cannot show agents: give an array of panes");
  }
  return list.filter((p) => p && typeof p === "object" && typeof p.id === "string").map((p) => ({
    id: p.id,
    name: typeof p.name === "string" ? p.name : null,
    agent: String(p.agent ?? "?"),
    state: String(p.state ?? "unknown"),
    stateMessage: typeof p.stateMessage === "string" ? p.stateMessage : null,
    stateSince: String(p.stateSince ?? ""),
  }));
}

function rank(state: string): number {
  const i = ORDER.indexOf(state);
  return i === -1 ? ORDER.length : i;
}

/** A short age: `12s`, `3m`, `2h`, `4d`; `-` when unknown. */
function age(ms: number): string {
  if (!Number.isFinite(ms)) return "-";
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86400)}d`;
}
