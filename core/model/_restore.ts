/**
 * Putting back a session a store kept: its windows in order, each with its layout (exact
 * ratios), focus, zoom and size, and a process for each pane of a layout, with the same ids.
 *
 * @module
 */

import type { LayoutNode, Size } from "../../protocols/layout/tree/mod.ts";
import { layoutRects, panesOf, removePane } from "../../protocols/layout/tree/mod.ts";
import type { Pane } from "./pane.ts";
import type { SessionRecord, WindowRecord } from "./records.ts";
import type { ModelParts } from "./_parts.ts";
import type { DeferredPty } from "./deferred_pty.ts";
import type { LaunchRequest, RestoreResult } from "./model_options.ts";

/** Restores `session` with `windows`; see `Model.restoreSession`. */
export function restoreSession(
  deps: ModelParts,
  session: SessionRecord,
  windows: readonly WindowRecord[],
  launchesOf: (paneId: string) => LaunchRequest[],
  options: { defer?: boolean; hold?: ReadonlySet<string> } = {},
): RestoreResult {
  const result: RestoreResult = { panes: [], failed: [], deferred: [] };
  const deferred = options.defer && deps.options.checkSpawn ? result.deferred : undefined;
  // Held panes wait for `DeferredPty.start` on their `pty`, whatever `defer` says.
  const held: DeferredPty[] = [];
  const record: SessionRecord = { ...session, windows: [] };
  deps.sessions.set(session.id, record);
  for (const saved of windows) {
    if (!saved.layout) continue;
    const window: WindowRecord = { ...saved, session: session.id, size: { ...saved.size } };
    deps.windows.set(window.id, window);
    const rects = layoutRects(saved.layout, window.size);
    let tree: LayoutNode | null = saved.layout;
    for (const paneId of panesOf(saved.layout)) {
      const size = rects.get(paneId) ?? window.size;
      const launches = launchesOf(paneId);
      const into = options.hold?.has(paneId) ? held : deferred;
      const pane = spawnFirst(deps, { window, id: paneId, size, launches }, result, into);
      if (pane) result.panes.push(pane);
      else tree = tree && removePane(tree, paneId);
    }
    if (!tree) {
      deps.windows.delete(window.id);
      continue;
    }
    const left = panesOf(tree);
    window.layout = tree;
    if (!window.focused || !left.includes(window.focused)) window.focused = left[0] ?? null;
    if (window.zoomed && !left.includes(window.zoomed)) window.zoomed = null;
    record.windows.push(window.id);
    deps.relayout(window.id);
    deps.options.publish("window.created", deps.windowInfo(window.id));
  }
  if (!record.windows.length) {
    deps.sessions.delete(session.id);
    return result;
  }
  if (!record.currentWindow || !record.windows.includes(record.currentWindow)) {
    record.currentWindow = record.windows.at(-1)!;
  }
  deps.current ??= session.id;
  deps.options.publish("session.created", deps.sessionInfo(session.id));
  return result;
}

/** The first of a pane's launches that starts; each that fails is noted in `result.failed`. */
function spawnFirst(
  deps: ModelParts,
  pane: { window: WindowRecord; id: string; size: Size; launches: LaunchRequest[] },
  result: RestoreResult,
  deferred: DeferredPty[] | undefined,
): Pane | undefined {
  for (const launch of pane.launches) {
    try {
      return deps.spawn(pane.window, launch, pane.size, pane.id, deferred);
    } catch (error) {
      result.failed.push({ pane: pane.id, command: launch.command, error });
    }
  }
  return undefined;
}
