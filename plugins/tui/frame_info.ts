/**
 * What a frame says about the session, from the client's state: each pane's label, and the
 * status bar's contents.
 *
 * @module
 */

import type { PaneLabel } from "./chrome.ts";
import { type AttachState, blockedCount } from "./session_state.ts";
import type { StatusInfo } from "./status_bar.ts";
import { tmuxLook } from "./tmux_look.ts";

/**
 * Every pane's label: like tmux's window names, what runs in front now, else the launch
 * command; a title and colour a program set through the tmux shim.
 */
export function paneLabels(state: AttachState): Map<string, PaneLabel> {
  const labels = new Map<string, PaneLabel>();
  for (const p of state.panes.values()) {
    labels.set(p.id, { ...p, command: p.current?.program ?? p.command, ...tmuxLook(p.meta) });
  }
  return labels;
}

/** What besides the state the status bar shows. */
export interface StatusExtras {
  /** Unread messages per pane. */
  unread: ReadonlyMap<string, number>;
  /** A message (or the mode's text) for the status bar. */
  notice: { text: string; error?: boolean } | undefined;
  now: Date;
}

/**
 * The status bar's contents: session, windows (the current one marked, `Z` when zoomed),
 * the focused pane, blocked agents, unread messages, a clock, a notice.
 *
 * @example
 * ```ts ignore
 * drawStatusBar(grid, rows - 1, statusInfo(state, { unread, notice: undefined, now: new Date() }));
 * ```
 */
export function statusInfo(state: AttachState, extras: StatusExtras): StatusInfo {
  const { session, windows, layout, panes } = state;
  const focused = layout?.focused ? panes.get(layout.focused) : undefined;
  const { now, notice } = extras;
  return {
    session: session.name ?? session.id,
    windows: windows.map((w) => ({
      index: w.index,
      label: w.name ?? w.id,
      current: w.id === layout?.window,
      zoomed: w.id === layout?.window ? !!layout?.zoomed : !!w.zoomed,
    })),
    pane: focused ? `${focused.id}${focused.name ? `:${focused.name}` : ""}` : "-",
    blocked: blockedCount(panes),
    unread: focused ? extras.unread.get(focused.id) ?? 0 : 0,
    clock: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
    ...(notice ? { notice } : {}),
  };
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** A plain notice of `text` (a mode's text), none for none. */
export function textNotice(text: string | undefined): StatusExtras["notice"] {
  return text ? { text } : undefined;
}
