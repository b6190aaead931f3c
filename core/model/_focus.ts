/**
 * Focus and the current session, window and pane: what a client that names no target means,
 * and how a reference (id, name, or none) becomes an id.
 *
 * @module
 */

import { WeftError } from "../../protocols/bus/errors.ts";
import { type Kind, lookup } from "./_names.ts";
import type { ModelParts } from "./_parts.ts";

/** Focuses a pane: it becomes its window's focused pane, its window and session current. */
export function focus(parts: ModelParts, paneId: string): void {
  const pane = parts.pane(paneId);
  const window = parts.window(pane.window);
  const session = parts.session(pane.session);
  window.focused = paneId;
  if (window.zoomed && window.zoomed !== paneId) {
    window.zoomed = null;
    parts.relayout(window.id);
  }
  session.currentWindow = window.id;
  parts.current = session.id;
  parts.options.publish(
    "focus.changed",
    { pane: paneId, window: window.id, session: session.id },
    paneId,
  );
}

/** Makes a window its session's current one and the session current. */
export function selectWindow(parts: ModelParts, windowId: string): void {
  const window = parts.window(windowId);
  const session = parts.session(window.session);
  session.currentWindow = windowId;
  parts.current = session.id;
  parts.options.publish("focus.changed", {
    pane: window.focused,
    window: windowId,
    session: session.id,
  }, window.focused ?? undefined);
}

/** The current session, window and pane (what a client without a target means). */
export function current(parts: ModelParts): { session?: string; window?: string; pane?: string } {
  const session = parts.current ? parts.sessions.get(parts.current) : undefined;
  const window = session?.currentWindow ? parts.windows.get(session.currentWindow) : undefined;
  return {
    ...(session ? { session: session.id } : {}),
    ...(window ? { window: window.id } : {}),
    ...(window?.focused ? { pane: window.focused } : {}),
  };
}

/**
 * Resolves an id or unique name of `kind` to a canonical id. With no reference, uses the
 * caller's pane (or its window/session), then the current one.
 */
export function resolve(
  parts: ModelParts,
  kind: Kind,
  ref: string | undefined,
  callerPane?: string,
  useCaller = true,
): string {
  if (ref !== undefined) return lookup(kind, parts.records(kind), ref);
  const from = useCaller && callerPane ? parts.panes.get(callerPane) : undefined;
  const cur = current(parts);
  const id = from
    ? (kind === "pane" ? from.id : kind === "window" ? from.window : from.session)
    : cur[kind];
  if (!id) {
    throw new WeftError(
      "TARGET_NOT_FOUND",
      `Cannot find a current ${kind}: there is none; name one`,
    );
  }
  return id;
}
