/**
 * One browser page's WebSocket: the view it shows (sessions, windows, the current window's
 * server-owned layout and panes) as JSON text frames, and each visible pane as binary frames,
 * a snapshot then its output stream (see `./pane_feed.ts`). A page that reads slowly never
 * slows a pane: each pane's bytes in flight are capped (a browser reads a socket as fast as it
 * can and queues the messages for its busy main thread, so the socket alone never pushes back;
 * the page acknowledges what it drew), and a pane past its cap is resynced from a snapshot.
 *
 * @module
 */

import type { LayoutNode } from "../../core/layout/mod.ts";
import { dragBorders, moveBorder } from "./drag_border.ts";
import { PaneFeed } from "./pane_feed.ts";

/** weft as one page may use it: calls attributed to the page. */
export interface PageHost {
  call<T = unknown>(name: string, input: unknown): Promise<T>;
  subscribe(
    filter: { topics: string[]; panes?: string[] },
    listener: (event: { topic: string; pane?: string; data: unknown }) => void,
    options?: { dropped?: () => void },
  ): () => void;
  log(...args: unknown[]): void;
}

/** Options of {@link linkPage}. */
export interface PageOptions {
  readOnly: boolean;
  /** Bytes in flight to one pane past which its output is dropped and it is resynced. */
  maxBufferedBytes: number;
  /** Tests shorten a flooding pane's timing (see `FeedDeps`). */
  pollMs?: number;
  retryMs?: number;
}

/** Events that change what the page shows (besides output). */
const VIEW_TOPICS = [
  "layout.changed",
  "focus.changed",
  "pane.changed",
  "pane.state",
  "pane.created",
  "pane.closed",
  "pane.exited",
  "pane.current",
  "session.created",
  "session.closed",
  "window.created",
  "window.closed",
];
const DRAIN_POLL_MS = 25;

/** Serves one page on `socket` until it closes. */
export function linkPage(socket: WebSocket, host: PageHost, options: PageOptions): void {
  const feeds = new Map<string, PaneFeed>();
  let view: string | null = null;
  let closed = false;
  let pending: ReturnType<typeof setTimeout> | undefined;

  const send = (data: string | Uint8Array) => {
    if (!closed && socket.readyState === WebSocket.OPEN) socket.send(data);
  };
  const feedDeps = {
    host,
    send,
    flooding: (pane: string, on: boolean) => send(JSON.stringify({ t: "flooding", pane, on })),
    maxBytes: options.maxBufferedBytes,
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
    ...(options.retryMs ? { retryMs: options.retryMs } : {}),
  };
  const refresh = async () => {
    pending = undefined;
    if (closed) return;
    const wanted = view;
    try {
      const state = await viewState(host, wanted);
      // The page asked for another window while this one was read: that refresh is on its way.
      if (view !== wanted || closed) return;
      view = state.window;
      send(JSON.stringify({ t: "state", readOnly: options.readOnly, ...state }));
      const visible = new Map(
        (state.layout?.panes ?? []).map((p) => [p.pane, `${p.cols}x${p.rows}`]),
      );
      for (const [pane, feed] of feeds) {
        if (visible.has(pane)) continue;
        feed.close();
        feeds.delete(pane);
      }
      for (const [pane, size] of visible) {
        const feed = feeds.get(pane);
        if (!feed) feeds.set(pane, new PaneFeed(pane, size, feedDeps));
        else if (feed.size !== size) feed.resized(size);
      }
    } catch (err) {
      host.log(`cannot describe the view: ${(err as Error).message}`);
    }
  };
  const schedule = () => {
    pending ??= setTimeout(refresh, 20);
  };
  const offView = host.subscribe({ topics: VIEW_TOPICS }, (event) => {
    // A pane created again under an id the page follows was respawned: a new screen.
    const again = event.topic === "pane.created" && feeds.get((event.data as { id: string }).id);
    if (again) again.renew();
    schedule();
  });
  const drain = setInterval(() => {
    // The socket itself backed up (the page is not reading at all): resync nothing yet.
    if (socket.bufferedAmount > options.maxBufferedBytes) return;
    const now = performance.now();
    for (const feed of feeds.values()) feed.tick(now);
  }, DRAIN_POLL_MS);

  socket.onopen = () => void refresh();
  // The page's actions run one after another, in the order it sent them: keys reach the pane
  // in order, and a drag's later position is never overtaken by an earlier one. Keys typed
  // while a write is on its way join the next write, so fast typing does not queue round trips.
  let acting = Promise.resolve();
  let typing: { pane: unknown; data: string } | undefined;
  socket.onmessage = (e) => {
    const m = typeof e.data === "string" ? pageMessage(e.data) : undefined;
    // A frame that is not a JSON object is this page's mistake alone: it is told, and closed.
    if (!m) return refuse("Cannot read the page's message: it is not a JSON object");
    // Acknowledgements never wait behind an action: they let output flow.
    if (m.t === "ack") return ack(m.panes);
    const isInput = m.t === "input" && typeof m.data === "string";
    if (isInput && typing && typing.pane === m.pane) return void (typing.data += m.data);
    const keys = isInput ? { pane: m.pane, data: m.data as string } : undefined;
    typing = keys;
    acting = acting.then(() => {
      if (!keys) return act(m);
      if (typing === keys) typing = undefined;
      return act({ ...m, data: keys.data });
    }).catch((err) => send(JSON.stringify({ t: "error", message: (err as Error).message })));
  };
  socket.onclose = () => {
    closed = true;
    clearInterval(drain);
    if (pending !== undefined) clearTimeout(pending);
    offView();
    for (const feed of feeds.values()) feed.close();
    feeds.clear();
  };

  function refuse(message: string): void {
    // A frame can come in before this side's open event (a socket taken over from node:http):
    // the answer and the close wait for it.
    if (socket.readyState === WebSocket.CONNECTING) {
      return void socket.addEventListener("open", () => refuse(message), { once: true });
    }
    send(JSON.stringify({ t: "error", message }));
    try {
      socket.close(1007, message.slice(0, 120));
    } catch { /* already closing */ }
  }

  function ack(panes: unknown): void {
    if (typeof panes !== "object" || panes === null) return;
    for (const [id, bytes] of Object.entries(panes)) {
      if (typeof bytes === "number") feeds.get(id)?.ack(bytes);
    }
  }

  async function act(m: Record<string, unknown>): Promise<void> {
    const pane = typeof m.pane === "string" ? m.pane : undefined;
    if (m.t === "view" && typeof m.window === "string") {
      view = m.window;
      return void schedule();
    }
    if (m.t === "resync" && pane && feeds.has(pane)) return void feeds.get(pane)!.snapshot();
    if (options.readOnly) {
      throw new Error("Cannot change anything: this page is read-only");
    }
    if (m.t === "input" && pane && typeof m.data === "string") {
      await host.call("pane.write", { pane, text: m.data, paste: false });
    } else if (m.t === "bytes" && pane && typeof m.data === "string") {
      // Raw bytes in base64 (an X10 mouse report past column 95 is not UTF-8).
      await host.call("pane.write", { pane, bytes: m.data });
    } else if (m.t === "focus" && pane) await host.call("pane.focus", { pane });
    else if (m.t === "split" && pane) {
      const direction = m.direction === "vertical" ? "vertical" : "horizontal";
      await host.call("pane.create", { split: pane, direction });
    } else if (m.t === "close" && pane) await host.call("pane.close", { pane });
    else if (m.t === "drag" && view !== null) await drag(host, view, m);
    else if (m.t === "zoom" && pane) {
      await host.call("window.zoom", { pane, zoomed: m.zoomed === true });
    } else if (m.t === "size" && typeof m.cols === "number" && typeof m.rows === "number") {
      if (view === null) await refresh();
      if (view !== null) {
        await host.call("window.resize", { window: view, cols: m.cols, rows: m.rows });
      }
    }
  }
}

/** A page's message: a JSON object, or undefined for anything else. */
function pageMessage(text: string): Record<string, unknown> | undefined {
  try {
    const m: unknown = JSON.parse(text);
    return typeof m === "object" && m !== null && !Array.isArray(m)
      ? m as Record<string, unknown>
      : undefined;
  } catch {
    return undefined;
  }
}

interface LayoutView {
  window: string;
  cols: number;
  rows: number;
  focused: string | null;
  zoomed?: string | null;
  layout: LayoutNode | null;
  panes: { pane: string; x: number; y: number; cols: number; rows: number }[];
}

interface PaneView {
  id: string;
  window: string;
  agent: string;
  state: string;
  stateMessage: string | null;
}

function rectsOf(layout: LayoutView) {
  return new Map(layout.panes.map((p) => [p.pane, p]));
}

/** Moves a border the page dragged: `{path, index, at}` (see `./drag_border.ts`). */
async function drag(host: PageHost, window: string, m: Record<string, unknown>): Promise<void> {
  const { path, index, at } = m;
  if (
    !Array.isArray(path) || !path.every(Number.isInteger) || !Number.isInteger(index) ||
    typeof at !== "number"
  ) {
    throw new Error("Cannot move a border: give path, index and at");
  }
  const layout = await host.call<LayoutView>("window.layout", { window });
  // A zoomed pane fills the window alone, as the server sized its PTY.
  if (layout.zoomed) {
    layout.panes = [{ pane: layout.zoomed, x: 0, y: 0, cols: layout.cols, rows: layout.rows }];
  }
  if (!layout.layout || layout.zoomed) return;
  const moved = moveBorder(layout.layout, rectsOf(layout), {
    path: path as number[],
    index: index as number,
    at,
  });
  if (moved) await host.call("window.set_layout", { window, layout: moved });
}

/** Sessions, windows and the shown window's layout and panes. */
async function viewState(host: PageHost, wanted: string | null) {
  const [{ sessions }, { windows }] = await Promise.all([
    host.call<{ sessions: { id: string; current: boolean; currentWindow: string | null }[] }>(
      "session.list",
      {},
    ),
    host.call<{ windows: { id: string; session: string }[] }>("window.list", {}),
  ]);
  const current = sessions.find((s) => s.current) ?? sessions[0];
  const window = windows.some((w) => w.id === wanted)
    ? wanted
    : current?.currentWindow ?? windows[0]?.id ?? null;
  const { panes: all } = await host.call<{ panes: PaneView[] }>("pane.list", {});
  // Agents waiting for a human, in every window: the page counts them and marks their tabs.
  const blocked = all.filter((p) => p.state === "blocked").map((p) => ({
    pane: p.id,
    window: p.window,
    agent: p.agent,
    message: p.stateMessage,
  }));
  if (window === null) {
    return { sessions, windows, window, layout: null, borders: [], panes: [], blocked };
  }
  const layout = await host.call<LayoutView>("window.layout", { window });
  // A zoomed pane fills the window alone, as the server sized its PTY.
  if (layout.zoomed) {
    layout.panes = [{ pane: layout.zoomed, x: 0, y: 0, cols: layout.cols, rows: layout.rows }];
  }
  const panes = all.filter((p) => p.window === window);
  const borders = layout.layout && !layout.zoomed
    ? dragBorders(layout.layout, rectsOf(layout))
    : [];
  return { sessions, windows, window, layout, borders, panes, blocked };
}
