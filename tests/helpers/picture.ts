/**
 * What a client sees of a server's sessions, windows and panes, without what changes on its own
 * (pids, states, titles, times): two servers with the same picture have the same tree, ratios,
 * names, tags, focus, zoom and ids. For restore tests.
 *
 * @module
 */

/** Calls a command and returns its value (a `WeftClient`'s or a test core's `call`). */
export type Call = <T = Record<string, unknown>>(name: string, input?: unknown) => Promise<T>;

interface Listed {
  sessions: {
    id: string;
    name: string | null;
    windows: string[];
    currentWindow: string | null;
    current: boolean;
  }[];
  windows: { id: string; zoomed: string | null }[];
  panes: {
    id: string;
    name: string | null;
    window: string;
    tags: string[];
    meta: Record<string, string>;
    focused: boolean;
    cols: number;
    rows: number;
  }[];
}

/**
 * The picture of a server.
 *
 * @example
 * ```ts ignore
 * assertEquals(await picture(restored.call), before);
 * ```
 */
export async function picture(call: Call) {
  const { sessions } = await call<Pick<Listed, "sessions">>("session.list", {});
  const { windows } = await call<Pick<Listed, "windows">>("window.list", {});
  const layouts = [];
  for (const w of windows) layouts.push(await call("window.layout", { window: w.id }));
  const { panes } = await call<Pick<Listed, "panes">>("pane.list", {});
  const zoomed = new Map(windows.map((w) => [w.id, w.zoomed]));
  const hidden = (p: { id: string; window: string }) => {
    const z = zoomed.get(p.window);
    return z !== null && z !== undefined && z !== p.id;
  };
  return {
    sessions: sessions.map(({ id, name, windows, currentWindow, current }) => ({
      id,
      name,
      windows,
      currentWindow,
      current,
    })),
    windows,
    layouts,
    panes: panes.map((p) => ({
      id: p.id,
      name: p.name,
      window: p.window,
      tags: p.tags,
      meta: p.meta,
      focused: p.focused,
      // A pane hidden by its window's zoom keeps whatever size it last had (none is shown);
      // a restore gives it the size its layout would: the sizes of shown panes are compared.
      ...(hidden(p) ? {} : { cols: p.cols, rows: p.rows }),
    })),
  };
}

/** A {@link picture}. */
export type Picture = Awaited<ReturnType<typeof picture>>;
