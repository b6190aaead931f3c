/**
 * Ending panes, windows and sessions: a pane's process goes with it, a window left with no
 * pane goes, and so does a session left with no window.
 *
 * @module
 */

import { panesOf, removePane } from "../../protocols/layout/tree/mod.ts";
import type { ModelParts } from "./_parts.ts";

/** Closes a pane: kills its process, takes it out of the layout, drops empty windows. */
export function closePane(parts: ModelParts, paneId: string): void {
  const pane = parts.pane(paneId);
  const window = parts.window(pane.window);
  parts.panes.delete(paneId);
  parts.foreground?.unwatch(paneId);
  void pane.dispose();
  parts.options.publish("pane.closed", { pane: paneId, window: window.id }, paneId);
  window.layout = window.layout ? removePane(window.layout, paneId) : null;
  if (window.zoomed === paneId) window.zoomed = null;
  if (!window.layout) return killWindow(parts, window.id);
  if (window.focused === paneId) window.focused = panesOf(window.layout)[0] ?? null;
  parts.relayout(window.id);
}

/** Kills a window and its panes; drops the session when it was the last window. */
export function killWindow(parts: ModelParts, windowId: string): void {
  const window = parts.window(windowId);
  for (const paneId of window.layout ? panesOf(window.layout) : []) {
    const pane = parts.panes.get(paneId);
    if (!pane) continue;
    parts.panes.delete(paneId);
    parts.foreground?.unwatch(paneId);
    void pane.dispose();
    parts.options.publish("pane.closed", { pane: paneId, window: windowId }, paneId);
  }
  window.layout = null;
  parts.windows.delete(windowId);
  const session = parts.sessions.get(window.session);
  parts.options.publish("window.closed", { window: windowId, session: window.session });
  if (!session) return;
  session.windows = session.windows.filter((w) => w !== windowId);
  if (session.currentWindow === windowId) session.currentWindow = session.windows.at(-1) ?? null;
  if (!session.windows.length) killSession(parts, session.id);
}

/** Kills a session and everything in it. */
export function killSession(parts: ModelParts, sessionId: string): void {
  const session = parts.session(sessionId);
  parts.sessions.delete(sessionId);
  for (const w of [...session.windows]) if (parts.windows.has(w)) killWindow(parts, w);
  if (parts.current === sessionId) parts.current = [...parts.sessions.keys()].at(-1);
  parts.options.publish("session.closed", { session: sessionId });
}
