/**
 * The fabric's records: every host of the fabric as one host sees it, with the sessions,
 * windows and panes of those that answered, their ids qualified with their host
 * (`buildbox/p3`) so that any door can pass them back as they are.
 *
 * @module
 */

import { qualifyRef } from "./host_id.ts";
import type { PaneInfo, SessionInfo, WindowInfo } from "./records.ts";

/** A host's sessions, windows and panes. */
export interface HostTree {
  sessions: SessionInfo[];
  windows: WindowInfo[];
  panes: PaneInfo[];
}

/** One host of the fabric as this one sees it. */
export interface FabricHost extends Partial<HostTree> {
  host: string;
  /** `self` (this server), `up` (alive), `unreachable` (known, not answering now). */
  state: "self" | "up" | "unreachable";
  /** When it was last heard of here (ms since the epoch), if ever. */
  lastSeen?: number;
  /** Why its tree is missing, when it is (unreachable, or it grants this host no reads). */
  error?: { code: string; message: string };
}

/**
 * A host's tree with every id and reference qualified with `host`.
 *
 * @example
 * ```ts
 * import { qualifyTree } from "./fabric.ts";
 * const t = qualifyTree("vm", { sessions: [], windows: [], panes: [] });
 * console.assert(t.panes.length === 0);
 * ```
 */
export function qualifyTree(host: string, tree: HostTree): HostTree {
  const q = (ref: string) => qualifyRef(host, ref);
  return {
    sessions: tree.sessions.map((s) => ({
      ...s,
      id: q(s.id),
      windows: s.windows.map(q),
      currentWindow: s.currentWindow === null ? null : q(s.currentWindow),
    })),
    windows: tree.windows.map((w) => ({
      ...w,
      id: q(w.id),
      session: q(w.session),
      panes: w.panes.map(q),
      focused: w.focused === null ? null : q(w.focused),
      zoomed: w.zoomed === null ? null : q(w.zoomed),
    })),
    panes: tree.panes.map((p) => ({
      ...p,
      id: q(p.id),
      session: q(p.session),
      window: q(p.window),
    })),
  };
}
