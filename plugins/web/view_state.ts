/**
 * What a page shows, read from the bus: the sessions and windows as tabs, the shown window's
 * layout and panes, the agents waiting for a human, and, once this server has joined a fabric,
 * its hosts (`fabric.hosts`) for the page's host switcher. A page that picked another host is
 * shown that host's sessions, windows and panes (`fabric.ls`, ids qualified: `buildbox/p3`) and
 * the layout of its shown window (`window.layout` of `buildbox/w1`, through the fabric's route);
 * its panes are then followed like local ones (the remote snapshot subscription).
 *
 * @module
 */

import type { FabricHost } from "../../protocols/bus/fabric.ts";
import { toErrorBody } from "../../protocols/bus/errors.ts";
import { dragBorders } from "./drag_border.ts";
import type { PageHost } from "./page_link.ts";

/** One host as the page's switcher lists it. */
export interface HostChoice {
  host: string;
  state: FabricHost["state"];
}

/** A window's layout as `window.layout` returns it (the part the page uses). */
export interface LayoutView {
  window: string;
  cols: number;
  rows: number;
  zoomed?: string | null;
  panes: { pane: string; x: number; y: number; cols: number; rows: number }[];
}

/** The panes' rectangles by pane id. */
export function rectsOf(layout: LayoutView) {
  return new Map(layout.panes.map((p) => [p.pane, p]));
}

/**
 * The fabric's hosts, this one first (`self`), or null when this server has joined no fabric
 * (the fabric plugin does not run: no switcher).
 */
export async function fabricHosts(host: PageHost): Promise<HostChoice[] | null> {
  try {
    const { hosts } = await host.call<{ hosts: FabricHost[] }>("fabric.hosts", {});
    return hosts.map(({ host, state }) => ({ host, state }));
  } catch {
    return null;
  }
}

/**
 * Sessions, windows and the shown window's layout and panes: of this host (`remote`
 * undefined), or of the fabric host `remote`.
 */
export async function viewState(host: PageHost, wanted: string | null, remote?: string) {
  const [hosts, { needs }, tree] = await Promise.all([
    fabricHosts(host),
    // Agents waiting for a human, in every window here: listed with their choices, tabs marked.
    host.call("pane.needs", {}),
    remote === undefined ? localTree(host) : remoteTree(host, remote),
  ]);
  const { sessions, windows, panes: all, error } = tree;
  const current = sessions.find((s) => s.current) ?? sessions[0];
  const window = windows.some((w) => w.id === wanted)
    ? wanted
    : current?.currentWindow ?? windows[0]?.id ?? null;
  const shown = { hosts, host: remote ?? null, ...(error ? { hostError: error } : {}) };
  if (window === null) {
    return { ...shown, sessions, windows, window, layout: null, borders: [], panes: [], needs };
  }
  const layout = await host.call("window.layout", { window });
  // A zoomed pane fills the window alone, as the server sized its PTY.
  if (layout.zoomed) {
    layout.panes = [{ pane: layout.zoomed, x: 0, y: 0, cols: layout.cols, rows: layout.rows }];
  }
  const panes = all.filter((p) => p.window === window);
  // Another host's tree holds its own ids: its borders are not dragged from here.
  const borders = layout.layout && !layout.zoomed && remote === undefined
    ? dragBorders(layout.layout, rectsOf(layout))
    : [];
  return { ...shown, sessions, windows, window, layout, borders, panes, needs };
}

type Tree = Required<Pick<FabricHost, "sessions" | "windows" | "panes">> & {
  error?: string;
};

async function localTree(host: PageHost): Promise<Tree> {
  const [{ sessions }, { windows }, { panes }] = await Promise.all([
    host.call("session.list", {}),
    host.call("window.list", {}),
    host.call("pane.list", {}),
  ]);
  return { sessions, windows, panes };
}

/** `remote`'s tree from `fabric.ls`; an unreachable host (or one that refuses) shows empty. */
async function remoteTree(host: PageHost, remote: string): Promise<Tree> {
  const empty = { sessions: [], windows: [], panes: [] };
  try {
    const { hosts } = await host.call<{ hosts: FabricHost[] }>("fabric.ls", { host: remote });
    const found = hosts.find((h) => h.host === remote);
    if (!found) return { ...empty, error: `Cannot show host "${remote}": it is not in the fabric` };
    if (found.error || !found.sessions) {
      const why = found.error ? `${found.error.code}: ${found.error.message}` : found.state;
      return { ...empty, error: `Cannot show host "${remote}": ${why}` };
    }
    return { sessions: found.sessions, windows: found.windows ?? [], panes: found.panes ?? [] };
  } catch (err) {
    return { ...empty, error: `Cannot show host "${remote}": ${toErrorBody(err).message}` };
  }
}
