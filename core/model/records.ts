/**
 * Plain records for sessions and windows, and their cloneable descriptions.
 *
 * @module
 */

import type { LayoutNode, Size } from "../../protocols/layout/tree/mod.ts";
import { panesOf } from "../../protocols/layout/tree/mod.ts";

/** A session as the model keeps it. */
export interface SessionRecord {
  id: string;
  name: string | null;
  /** Window ids in order. */
  windows: string[];
  currentWindow: string | null;
  createdAt: number;
}

/** A window as the model keeps it. */
export interface WindowRecord {
  id: string;
  name: string | null;
  session: string;
  /** The layout tree; null only while the window is being torn down. */
  layout: LayoutNode | null;
  focused: string | null;
  /** The pane that fills the window while zoomed. */
  zoomed: string | null;
  size: Size;
}

import type { SessionInfo, WindowInfo } from "../../protocols/bus/records.ts";

export type { SessionInfo, WindowInfo };

/** The cloneable description of window `w` of `session` (undefined while it is being made). */
export function windowInfoOf(w: WindowRecord, session: SessionRecord | undefined): WindowInfo {
  return {
    id: w.id,
    name: w.name,
    session: w.session,
    index: session ? session.windows.indexOf(w.id) : 0,
    panes: w.layout ? panesOf(w.layout) : [],
    focused: w.focused,
    zoomed: w.zoomed,
    current: session?.currentWindow === w.id,
    cols: w.size.cols,
    rows: w.size.rows,
  };
}

/** The cloneable description of session `s`; `current` when it is the model's current one. */
export function sessionInfoOf(s: SessionRecord, current: boolean): SessionInfo {
  return {
    id: s.id,
    name: s.name,
    windows: [...s.windows],
    currentWindow: s.currentWindow,
    current,
    createdAt: new Date(s.createdAt).toISOString(),
  };
}
