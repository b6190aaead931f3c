/**
 * The session/window/pane tree (`prefix w`, `prefix s`, tmux's choose-tree): one row per
 * session, its windows under it, their panes under those, and a preview of what the chosen
 * row shows. Choosing a row goes there; `x` kills what it names.
 *
 * @module
 */

import type { PaneInfo, SessionInfo, WindowInfo } from "../../protocols/bus/records.ts";
import { ATTR, type CellGrid, palette, type Style } from "./cells.ts";
import { BADGES, shortCommand } from "./chrome.ts";
import { textWidth, truncate } from "./width.ts";

/** One row of the tree. */
export interface TreeItem {
  kind: "session" | "window" | "pane";
  id: string;
  /** The session it is in (its own id for a session). */
  session: string;
  /** The window to show (a session's current one, a pane's own). */
  window: string | null;
  /** The pane to preview. */
  pane: string | null;
  depth: number;
  text: string;
  /** An agent state's badge (panes). */
  badge?: string;
  current: boolean;
}

/** Everything the tree is made from. */
export interface TreeSource {
  sessions: SessionInfo[];
  windows: WindowInfo[];
  panes: ReadonlyMap<string, PaneInfo>;
}

/**
 * The tree's rows: sessions, then (unless `sessionsOnly`) each session's windows, and each
 * window's panes.
 *
 * @example
 * ```ts ignore
 * const items = treeItems(source, { sessionsOnly: false, current: { session: "s1", window: "w1" } });
 * ```
 */
export function treeItems(
  source: TreeSource,
  options: { sessionsOnly: boolean; current: { session: string; window: string | null } },
): TreeItem[] {
  const items: TreeItem[] = [];
  for (const s of source.sessions) {
    const windows = source.windows.filter((w) => w.session === s.id).sort((a, b) =>
      a.index - b.index
    );
    const first = windows.find((w) => w.id === s.currentWindow) ?? windows[0];
    items.push({
      kind: "session",
      id: s.id,
      session: s.id,
      window: first?.id ?? null,
      pane: first?.focused ?? first?.panes[0] ?? null,
      depth: 0,
      text: `${s.name ?? s.id}: ${windows.length} window${windows.length === 1 ? "" : "s"}`,
      current: s.id === options.current.session,
    });
    if (options.sessionsOnly) continue;
    for (const w of windows) {
      const zoom = w.zoomed ? " (zoomed)" : "";
      items.push({
        kind: "window",
        id: w.id,
        session: s.id,
        window: w.id,
        pane: w.focused ?? w.panes[0] ?? null,
        depth: 1,
        text: `${w.index}: ${w.name ?? w.id} · ${w.panes.length} pane${
          w.panes.length === 1 ? "" : "s"
        }${zoom}`,
        current: w.id === options.current.window,
      });
      for (const id of w.panes) {
        const p = source.panes.get(id);
        items.push({
          kind: "pane",
          id,
          session: s.id,
          window: w.id,
          pane: id,
          depth: 2,
          text: `${id}${p?.name ? `:${p.name}` : ""} ${
            shortCommand(p?.current?.program ?? p?.command ?? "")
          }`,
          ...(p ? { badge: p.state } : {}),
          current: id === w.focused && w.id === options.current.window,
        });
      }
    }
  }
  return items;
}

const BOX: Style = { fg: palette(15), bg: palette(0), attrs: 0 };
const HEAD: Style = { fg: palette(11), bg: palette(0), attrs: ATTR.bold };
const CHOSEN: Style = { fg: palette(0), bg: palette(3), attrs: 0 };
const PREVIEW: Style = { fg: palette(7), bg: palette(0), attrs: 0 };

/**
 * Draws the tree over the window area (rows `top` to `bottom`, exclusive): the rows, the
 * chosen one highlighted, and under them the preview lines.
 */
export function drawTree(
  grid: CellGrid,
  area: { top: number; bottom: number },
  tree: { items: TreeItem[]; index: number; preview: string[]; asking?: string | undefined },
): void {
  const rows = area.bottom - area.top;
  grid.fill(0, area.top, grid.cols, rows, " ", BOX);
  const title = tree.asking ??
    " choose: ↑↓/jk move · Enter go · x kill · q leave ";
  grid.text(1, area.top, truncate(title, grid.cols - 2), HEAD);
  const listRows = Math.max(1, Math.min(tree.items.length, Math.floor((rows - 2) / 2)));
  const first = Math.max(
    0,
    Math.min(tree.index - Math.floor(listRows / 2), tree.items.length - listRows),
  );
  for (let r = 0; r < listRows; r++) {
    const item = tree.items[first + r];
    if (!item) break;
    const y = area.top + 1 + r;
    const style = first + r === tree.index ? CHOSEN : BOX;
    if (style === CHOSEN) grid.fill(0, y, grid.cols, 1, " ", CHOSEN);
    const mark = item.current ? "*" : " ";
    let x = grid.text(
      1,
      y,
      `${mark}${"  ".repeat(item.depth)}${item.kind === "pane" ? "└ " : ""}`,
      style,
    );
    x += grid.text(1 + x, y, truncate(item.text, grid.cols - x - 14), style);
    const badge = item.badge ? BADGES[item.badge] : undefined;
    if (badge) grid.text(grid.cols - 1 - textWidth(badge.text), y, badge.text, badge.style);
  }
  const previewTop = area.top + 2 + listRows;
  grid.fill(0, previewTop - 1, grid.cols, 1, "─", HEAD);
  for (let r = 0; previewTop + r < area.bottom; r++) {
    grid.text(0, previewTop + r, truncate(tree.preview[r] ?? "", grid.cols), PREVIEW);
  }
}
