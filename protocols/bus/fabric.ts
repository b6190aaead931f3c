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

const ID_KEYS = new Set(["id", "pane", "window", "session", "focused", "zoomed", "currentWindow"]);
const LIST_KEYS = new Set(["panes", "windows", "sessions"]);

/**
 * A remote call's value with the ids in it qualified with `host` (`p3` → `buildbox/p3`): the
 * id fields of the value, and of the records in its `panes`, `windows` and `sessions` lists, so
 * that what a remote call returns can be passed back as it is. Other fields are left alone.
 *
 * @example
 * ```ts
 * import { qualifyIds } from "./fabric.ts";
 * const v = qualifyIds("vm", { id: "p3", command: "bash" }) as { id: string };
 * console.assert(v.id === "vm/p3");
 * ```
 */
export function qualifyIds(host: string, value: unknown, depth = 0): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value) || depth > 1) {
    return value;
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (ID_KEYS.has(key) && typeof v === "string" && /^[a-z]\d+$/.test(v)) {
      out[key] = qualifyRef(host, v);
    } else if (LIST_KEYS.has(key) && Array.isArray(v)) {
      out[key] = v.map((item) =>
        typeof item === "string" && /^[a-z]\d+$/.test(item)
          ? qualifyRef(host, item)
          : qualifyIds(host, item, depth + 1)
      );
    } else out[key] = v;
  }
  return out;
}
