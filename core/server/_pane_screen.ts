/**
 * A pane's screen as a snapshot subscription needs it (the socket's and a plugin's alike): its
 * output not parsed yet, and the input modes its program set.
 *
 * @module
 */

import type { Model } from "../model/mod.ts";

/** Reads a pane's unparsed output bytes and input modes from `model`; undefined: no such pane. */
export function paneScreenOf(
  model: Model,
): (pane: string) => { pendingBytes: number; modes: unknown } | undefined {
  return (id) => {
    const screen = model.panes.get(id)?.screen;
    return screen && { pendingBytes: screen.pendingBytes, modes: screen.modes };
  };
}
