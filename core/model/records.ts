/**
 * Plain records for sessions and windows, and their cloneable descriptions.
 *
 * @module
 */

import type { LayoutNode, Size } from "../../protocols/layout/tree/mod.ts";

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

export type { SessionInfo, WindowInfo } from "../../protocols/bus/records.ts";
