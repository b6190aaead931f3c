/**
 * The client's pane mirrors follow the window drawn: one for each pane it shows, sized to its
 * rectangle; a pane no longer shown loses its mirror.
 *
 * @module
 */

import type { PaneMirror } from "./pane_mirror.ts";

/** A pane's size on the terminal. */
type Size = { cols: number; rows: number };

/** Starts mirrors for panes that became visible, resizes and drops the others. */
export function followMirrors(
  mirrors: Map<string, PaneMirror>,
  rects: ReadonlyMap<string, Size>,
  make: (id: string, size: Size) => PaneMirror,
): void {
  for (const [id, mirror] of mirrors) {
    if (!rects.has(id)) {
      mirror.dispose();
      mirrors.delete(id);
    }
  }
  for (const [id, rect] of rects) {
    if (rect.cols <= 0 || rect.rows <= 0) continue;
    const size = { cols: rect.cols, rows: rect.rows };
    const mirror = mirrors.get(id);
    if (mirror) mirror.resize(size);
    else mirrors.set(id, make(id, size));
  }
}
