/**
 * The server's held permission requests, released when their pane's agent goes on without
 * them: its state leaves `blocked` (it was answered in its own dialog, or moved on), or the
 * pane exits or closes.
 *
 * @module
 */

import type { Bus } from "../bus/mod.ts";
import { PermissionHolds } from "../model/permission_holds.ts";

/** A {@link PermissionHolds} kept in step with the panes' events on `bus`. */
export function permissionHolds(bus: Bus): PermissionHolds {
  const holds = new PermissionHolds();
  bus.events.subscribe({ topics: ["pane.state", "pane.exited", "pane.closed"] }, (event) => {
    const data = event.data as { pane: string; state?: string };
    if (event.topic !== "pane.state" || data.state !== "blocked") holds.release(data.pane);
  });
  return holds;
}
