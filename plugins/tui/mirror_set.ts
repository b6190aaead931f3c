/**
 * The pane mirrors of the attach client, by pane id: one for each pane the current window
 * shows, at that pane's size.
 *
 * @module
 */

import type { Rect, Size } from "../../protocols/layout/tree/mod.ts";
import type { PaneMirror } from "./pane_mirror.ts";

/**
 * Mirrors by pane id, made with `make` as panes come into view.
 *
 * @example
 * ```ts ignore
 * const mirrors = new MirrorSet((id, size) => new PaneMirror(connect, id, size, options));
 * mirrors.follow(windowRects(view));
 * ```
 */
export class MirrorSet extends Map<string, PaneMirror> {
  #make: (id: string, size: Size) => PaneMirror;

  constructor(make: (id: string, size: Size) => PaneMirror) {
    super();
    this.#make = make;
  }

  /** Starts mirrors for panes that became visible, resizes the others and drops the hidden. */
  follow(rects: ReadonlyMap<string, Rect>): void {
    for (const [id, mirror] of this) {
      if (!rects.has(id)) {
        mirror.dispose();
        this.delete(id);
      }
    }
    for (const [id, rect] of rects) {
      if (rect.cols <= 0 || rect.rows <= 0) continue;
      const size = { cols: rect.cols, rows: rect.rows };
      const mirror = this.get(id);
      if (mirror) mirror.resize(size);
      else this.set(id, this.#make(id, size));
    }
  }

  /** Starts every mirror again from a fresh snapshot. */
  resyncAll(): void {
    for (const mirror of this.values()) mirror.resync();
  }

  /** Stops and drops every mirror. */
  disposeAll(): void {
    for (const mirror of this.values()) mirror.dispose();
    this.clear();
  }
}
