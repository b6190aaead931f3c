/**
 * Unread messages per agent pane, for the status bar: read once when the messaging plugin
 * runs; `message.unread` events keep them after that.
 *
 * @module
 */

import type { WeftClient } from "../client/mod.ts";

/** Fills `unread` with the counts of panes it does not know yet; false without messaging. */
export async function loadUnread(
  client: WeftClient,
  unread: Map<string, number>,
): Promise<boolean> {
  try {
    const { agents } = await client.call<
      { agents: { pane: string | null; unread: number }[] }
    >("message.agents", {});
    for (const a of agents) {
      if (a.pane && !unread.has(a.pane)) unread.set(a.pane, a.unread);
    }
    return true;
  } catch {
    return false; // no messaging plugin: nothing to show
  }
}
