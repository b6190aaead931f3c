/**
 * Writes a `pane.read` snapshot into a fresh headless terminal so it shows what the pane
 * showed: history above, the screen, the cursor.
 *
 * @module
 */

import type { Terminal } from "@xterm/headless";

/** What the mirror uses of a `pane.read` result. */
export interface Snapshot {
  text: string;
  cursor?: { x: number; y: number };
}

/** Writes `snapshot` into `term` (fresh, of the pane's size); `done` runs once it is parsed. */
export function applySnapshot(term: Terminal, snapshot: Snapshot, done: () => void): void {
  const lines = snapshot.text.split("\n");
  let data = lines.join("\r\n");
  if (snapshot.cursor) data += `\x1b[${snapshot.cursor.y + 1};${snapshot.cursor.x + 1}H`;
  term.write(data, done);
}
