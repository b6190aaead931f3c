/**
 * Moving a pane between windows (tmux's `join-pane` and `break-pane`): the pane keeps its
 * process, screen and id; it leaves its window's layout (a window left empty goes) and splits a
 * pane of another window or becomes the only pane of a new one.
 *
 * @module
 */

import { WeftError } from "../../protocols/bus/errors.ts";
import {
  type Direction,
  layoutRects,
  leaf,
  panesOf,
  removePane,
  splitPane,
} from "../../protocols/layout/tree/mod.ts";
import type { Size } from "../../protocols/layout/tree/mod.ts";
import type { WindowRecord } from "./records.ts";
import type { ModelParts } from "./_parts.ts";
import { killWindow } from "./_close.ts";

/** Where a pane goes: beside a pane of a window, or into a new window of a session. */
export type MoveTarget =
  | { split: string; direction?: Direction; ratio?: number; before?: boolean }
  | { session: string; name?: string };

/** Moves `paneId` to `to`; returns the window it is in now. */
export function movePane(m: ModelParts, paneId: string, to: MoveTarget): WindowRecord {
  const pane = m.pane(paneId);
  const from = m.window(pane.window);
  if ("split" in to && to.split === paneId) {
    throw new WeftError("INVALID_INPUT", `Cannot move pane "${paneId}" beside itself`);
  }
  if ("split" in to) m.pane(to.split);
  else m.session(to.session);
  if (!("split" in to) && to.name) m.checkName("window", to.name);
  from.layout = from.layout ? removePane(from.layout, paneId) : null;
  if (from.zoomed === paneId) from.zoomed = null;
  if (from.focused === paneId) from.focused = from.layout ? panesOf(from.layout)[0]! : null;
  const dest = "split" in to ? placeBeside(m, paneId, to) : newWindow(m, paneId, to, from.size);
  pane.window = dest.id;
  pane.session = dest.session;
  m.options.publish(
    "pane.changed",
    { pane: paneId, window: dest.id, session: dest.session },
    paneId,
  );
  if (from.layout) {
    if (from !== dest) m.relayout(from.id);
  } else {
    // The current window went with its last pane: the pane's new window is current instead.
    const session = m.session(from.session);
    if (session.currentWindow === from.id && dest.session === session.id) {
      session.currentWindow = dest.id;
    }
    killWindow(m, from.id);
  }
  m.relayout(dest.id);
  return dest;
}

function placeBeside(
  m: ModelParts,
  paneId: string,
  to: Extract<MoveTarget, { split: string }>,
): WindowRecord {
  const dest = m.window(m.pane(to.split).window);
  const rect = layoutRects(dest.layout!, dest.size).get(to.split) ?? dest.size;
  dest.layout = splitPane(dest.layout!, to.split, paneId, {
    direction: to.direction ?? (rect.cols >= rect.rows * 2.2 ? "horizontal" : "vertical"),
    ratio: to.ratio ?? 0.5,
    before: to.before ?? false,
  });
  dest.zoomed = null;
  return dest;
}

function newWindow(
  m: ModelParts,
  paneId: string,
  to: Extract<MoveTarget, { session: string }>,
  size: Size,
): WindowRecord {
  const session = m.session(to.session);
  const window: WindowRecord = {
    id: m.ids.next("w"),
    name: to.name ?? null,
    session: session.id,
    layout: leaf(paneId),
    focused: paneId,
    zoomed: null,
    size: { ...size },
  };
  m.windows.set(window.id, window);
  session.windows.push(window.id);
  m.options.publish("window.created", m.windowInfo(window.id));
  return window;
}
