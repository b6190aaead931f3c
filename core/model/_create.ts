/**
 * Making sessions, windows and panes: names checked first, a process for the new pane, and
 * nothing left behind when it cannot start.
 *
 * @module
 */

import { WeftError } from "../../protocols/bus/errors.ts";
import { layoutRects, leaf, panesOf, splitPane } from "../../protocols/layout/tree/mod.ts";
import type { ModelParts } from "./_parts.ts";
import type { LaunchRequest, Placement } from "./model_options.ts";
import type { Pane } from "./pane.ts";
import type { SessionRecord, WindowRecord } from "./records.ts";

/** Creates a session with one window holding one pane. */
export function createSession(
  parts: ModelParts,
  launch: LaunchRequest,
  names: { session?: string; window?: string } = {},
) {
  if (names.session) parts.checkName("session", names.session);
  if (names.window) parts.checkName("window", names.window, { role: "the new session's window" });
  // A launch's name is the pane's: say so, as a caller creating a session may mean the session.
  if (launch.name) parts.checkName("pane", launch.name, { role: "the new session's pane" });
  const id = parts.ids.next("s");
  const session: SessionRecord = {
    id,
    name: names.session ?? null,
    windows: [],
    currentWindow: null,
    createdAt: Date.now(),
  };
  parts.sessions.set(id, session);
  try {
    const { window, pane } = createWindow(parts, id, launch, names.window);
    parts.current = id;
    parts.options.publish("session.created", parts.sessionInfo(id));
    return { session, window, pane };
  } catch (err) {
    parts.sessions.delete(id);
    throw err;
  }
}

/** Creates a window in a session, holding one pane. */
export function createWindow(
  parts: ModelParts,
  sessionId: string,
  launch: LaunchRequest,
  name?: string,
) {
  const session = parts.session(sessionId);
  if (name) parts.checkName("window", name);
  if (launch.name) parts.checkName("pane", launch.name, { role: "the new window's pane" });
  const id = parts.ids.next("w");
  const window: WindowRecord = {
    id,
    name: name ?? null,
    session: sessionId,
    layout: null,
    focused: null,
    zoomed: null,
    size: { ...parts.options.size },
  };
  parts.windows.set(id, window);
  try {
    const pane = parts.spawn(window, launch, parts.options.size);
    window.layout = leaf(pane.id);
    window.focused = pane.id;
    session.windows.push(id);
    session.currentWindow = id;
    parts.options.publish("window.created", parts.windowInfo(id));
    return { window, pane };
  } catch (err) {
    parts.windows.delete(id);
    throw err;
  }
}

/** Creates a pane by splitting a pane of a window. */
export function createPane(
  parts: ModelParts,
  windowId: string,
  launch: LaunchRequest,
  placement: Placement = {},
): Pane {
  const window = parts.window(windowId);
  const splitId = placement.split ?? window.focused ?? panesOf(window.layout!)[0]!;
  const target = parts.pane(splitId);
  if (target.window !== windowId) {
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot split pane "${splitId}": it is in window "${target.window}", not "${windowId}"`,
    );
  }
  const rects = layoutRects(window.layout!, window.size);
  const rect = rects.get(splitId) ?? { cols: window.size.cols, rows: window.size.rows };
  const direction = placement.direction ??
    (rect.cols >= rect.rows * 2.2 ? "horizontal" : "vertical");
  const ratio = placement.ratio ?? 0.5;
  if (!(ratio > 0 && ratio < 1)) {
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot split pane "${splitId}": ratio must be between 0 and 1`,
    );
  }
  const id = parts.ids.next("p");
  const tree = splitPane(window.layout!, splitId, id, {
    direction,
    ratio,
    before: placement.before ?? false,
  });
  const size = layoutRects(tree, window.size).get(id) ?? window.size;
  const pane = parts.spawn(window, launch, size, id);
  window.layout = tree;
  window.zoomed = null;
  if (placement.focus !== false) window.focused = id;
  parts.relayout(windowId);
  return pane;
}
/**
 * Starts a new process in a pane, in place: same id, place in the layout, size, name, tags
 * and metadata (tmux's `respawn-pane -k`). The old process is ended once the new one runs;
 * when the new one cannot start, the pane keeps the old one.
 */
export function respawnPane(parts: ModelParts, paneId: string, launch: LaunchRequest): Pane {
  const old = parts.pane(paneId);
  const window = parts.window(old.window);
  parts.foreground?.unwatch(paneId);
  parts.panes.delete(paneId);
  let pane: Pane;
  try {
    pane = parts.spawn(
      window,
      {
        ...launch,
        ...(old.name ? { name: old.name } : {}),
        tags: old.tags,
        meta: old.meta,
        ...(old.createdBy ? { createdBy: old.createdBy } : {}),
      },
      { cols: old.launch.cols, rows: old.launch.rows },
      paneId,
    );
  } catch (err) {
    parts.panes.set(paneId, old);
    parts.foreground?.watch(paneId);
    throw err;
  }
  void old.dispose();
  return pane;
}
