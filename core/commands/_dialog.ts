/**
 * The dialog an agent's screen shows, read once every byte it wrote is parsed: what
 * `pane.answer` answers and checks.
 *
 * @module
 */

import type { Pane } from "../model/mod.ts";
import { type ScreenDialog, screenDialog } from "../../protocols/agents/mod.ts";

/** The visible rows of `pane`'s screen. */
export function visibleRows(pane: Pane): string[] {
  return pane.screen.read({ mode: "visible" }).text.split("\n");
}

/** The dialog on screen once every byte the program wrote is parsed; undefined if none. */
export async function settledDialog(pane: Pane): Promise<ScreenDialog | undefined> {
  for (let i = 0; i < 5 && pane.screen.pendingBytes > 0; i++) await pane.screen.flush();
  if (pane.screen.pendingBytes > 0) return undefined;
  return screenDialog(pane.agent, visibleRows(pane));
}
