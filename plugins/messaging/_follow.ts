/**
 * Keeps the directory in step with the `pane.*` events: each one's data is applied as it
 * comes, so a send after a pane came, changed or went reads no pane list again (a round trip
 * across the plugin's pipe). Only an event about a pane the directory does not know, or one
 * that comes while the list is being read (it may be older than the event), has the panes
 * read again.
 *
 * @module
 */

import type { CoreEvents, WeftEvent } from "@weft/weft/plugin";
import { entryOf, type PaneEntry, paneName } from "./_directory.ts";
import type { Directory } from "./_directory.ts";
import type { MessageStore } from "./_store.ts";

/** The `pane.*` topics the directory follows. */
export const PANE_TOPICS = [
  "pane.created",
  "pane.closed",
  "pane.changed",
  "pane.exited",
  "pane.state",
];

/** What following the panes changes. */
export interface Followed {
  directory: Directory;
  store: MessageStore;
  /** The panes must be read again (`pane.list`). */
  stale: () => void;
  /** A pane's state changed: delivery looks at it. */
  state: (pane: PaneEntry) => void;
}

/** Applies one `pane.*` event. */
export function followPane(event: WeftEvent, to: Followed): void {
  const { directory } = to;
  const d = event.data as { pane: string };
  if (event.topic === "pane.state") {
    const s = event.data as CoreEvents["pane.state"];
    if (!directory.setState(s.pane, s.state, s.source)) to.stale();
    const pane = directory.pane(s.pane);
    if (pane) to.state(pane);
    return;
  }
  if (event.topic === "pane.closed") closed(d.pane, to);
  else if (event.topic === "pane.changed") changed(event.data as CoreEvents["pane.changed"], to);
  else if (event.topic === "pane.created") {
    directory.add(entryOf(event.data as CoreEvents["pane.created"]));
  } else if (event.topic === "pane.exited" && !directory.update(d.pane, { exited: true })) {
    to.stale();
  }
  // A list on its way may be older than this event: it is read again after it.
  if (directory.reloading) to.stale();
}

/**
 * A closed pane's mail is nobody's: kept, under a key no caller can name, not handed to
 * whoever asks for its id or takes its name next.
 */
function closed(id: string, { directory, store }: Followed): void {
  const pane = directory.pane(id);
  store.retire(pane ? paneName(pane) : id, id);
  directory.remove(id);
}

/** A pane renamed takes its inbox along: it is the same agent under a new name. */
function changed(d: CoreEvents["pane.changed"], to: Followed): void {
  const { directory, store } = to;
  const pane = directory.pane(d.pane);
  if (!pane) return to.stale();
  if ("name" in d && directory.rename(d.pane, d.name ?? null)) {
    store.rename(paneName(pane), paneName({ id: d.pane, name: d.name ?? null }));
  }
  const change: Partial<PaneEntry> = {
    ...(d.agent !== undefined ? { agent: d.agent } : {}),
    ...(d.tags !== undefined ? { tags: d.tags } : {}),
    ...(d.meta !== undefined ? { meta: d.meta } : {}),
  };
  if (Object.keys(change).length) directory.update(d.pane, change);
}
