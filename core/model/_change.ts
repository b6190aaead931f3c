/**
 * Changing what a session, window or pane is called, and a pane's kind, tags, metadata and
 * display filter; each change published once (`pane.changed`, …), nothing when nothing changed.
 *
 * @module
 */

import type { Kind } from "./_names.ts";
import type { ModelParts } from "./_parts.ts";
import type { PaneChanges } from "./model_options.ts";

/** Renames a session, window or pane; names are unique within their kind; null clears. */
export function rename(parts: ModelParts, kind: Kind, id: string, name: string | null): void {
  if (name !== null) parts.checkName(kind, name, { self: id });
  const record = kind === "pane"
    ? parts.pane(id)
    : kind === "window"
    ? parts.window(id)
    : parts.session(id);
  if (record.name === name) return;
  record.name = name;
  // One event per kind for any change of a record's own properties: `pane.changed`, …
  if (kind === "pane") parts.options.publish("pane.changed", { pane: id, name }, id);
  else if (kind === "window") parts.options.publish("window.changed", { window: id, name });
  else parts.options.publish("session.changed", { session: id, name });
}

/**
 * Changes a pane's agent kind, tags, metadata (null removes a key) or display filter, and
 * publishes `pane.changed` with the new value of each property that changed (`meta`: the
 * whole map); nothing when nothing changed.
 */
export function changePane(parts: ModelParts, paneId: string, changes: PaneChanges): void {
  const pane = parts.pane(paneId);
  const changed: Record<string, unknown> = {};
  // A kind given is kept: it no longer follows what runs in the pane.
  if (changes.agent !== undefined) pane.agentExplicit = true;
  if (changes.agent !== undefined && changes.agent !== pane.agent) {
    changed.agent = pane.agent = changes.agent;
  }
  if (changes.tags && JSON.stringify(changes.tags) !== JSON.stringify(pane.tags)) {
    pane.tags = [...changes.tags];
    changed.tags = [...pane.tags];
  }
  const had = (k: string) => (Object.hasOwn(pane.meta, k) ? pane.meta[k] : undefined);
  const meta = Object.entries(changes.meta ?? {}).filter(([k, v]) => had(k) !== (v ?? undefined));
  for (const [k, v] of meta) {
    if (v === null) delete pane.meta[k];
    else pane.meta[k] = v;
  }
  if (meta.length) changed.meta = { ...pane.meta };
  if (changes.displayFilter !== undefined && changes.displayFilter !== pane.displayFilter) {
    pane.setDisplayFilter(changes.displayFilter);
    changed.displayFilter = changes.displayFilter;
  }
  if (Object.keys(changed).length) {
    parts.options.publish("pane.changed", { pane: paneId, ...changed }, paneId);
  }
}
