/**
 * Which way a pane's output is read: by the per-pane override, the project's `panes` table,
 * a `sideband:<mode>` tag, then its agent kind; ADR-002's `prefer` turns XML parsing off in
 * agent panes while the MCP plugin runs.
 *
 * @module
 */

import { AGENTS, vendorOf } from "../../protocols/agents/mod.ts";
import { type Mode, MODES, type Options } from "./options.ts";
import type { PaneInfo } from "@weft/weft/plugin";

/** The facts about a pane that decide its mode (a subset of `PaneInfo`). */
export type PaneKind =
  & Pick<PaneInfo, "id" | "name" | "agent" | "command">
  & {
    argv: readonly string[];
    tags: readonly string[];
    /** What runs in the pane's foreground now (`claude -p` typed into a shell reads as a stream). */
    current?: { argv: readonly string[] } | null;
  };

/**
 * The mode for a pane.
 *
 * @example
 * ```ts
 * import { modeOf } from "./_mode.ts";
 * import { defaults } from "./options.ts";
 * const claude = { id: "p1", name: null, agent: "claude", command: "claude", argv: ["claude"], tags: [] };
 * console.assert(modeOf(claude, defaults, { mcp: false }) === "screen");
 * console.assert(modeOf({ ...claude, argv: ["claude", "-p", "hi"] }, defaults, { mcp: false }) === "stream");
 * console.assert(modeOf(claude, defaults, { mcp: true }) === "osc");
 * ```
 */
export function modeOf(
  pane: PaneKind,
  options: Options,
  context: { mcp: boolean; override?: Mode | undefined },
): Mode {
  if (!options.enabled) return "off";
  const tagged = pane.tags.map((t) => t.match(/^sideband:(\w+)$/)?.[1]).find((m) => isMode(m));
  const chosen = context.override ??
    options.panes[pane.id] ??
    (pane.name === null ? undefined : options.panes[pane.name]) ??
    (tagged as Mode | undefined) ??
    byKind(pane, options);
  const agent = (AGENTS as ReadonlySet<string>).has(pane.agent);
  if (
    agent && context.mcp && options.prefer === "mcp" && (chosen === "stream" || chosen === "screen")
  ) {
    return "osc";
  }
  return chosen;
}

function byKind(pane: PaneKind, options: Options): Mode {
  const words = [...pane.argv, ...pane.command.split(/\s+/), ...(pane.current?.argv ?? [])];
  // A run that prints one answer and exits draws no TUI: its output is a plain stream.
  const print = vendorOf(pane.agent)?.print;
  if (print && words.some((a) => print.includes(a))) return "stream";
  return options.kinds[pane.agent] ?? "off";
}

function isMode(value: string | undefined): boolean {
  return value !== undefined && (MODES as readonly string[]).includes(value);
}
