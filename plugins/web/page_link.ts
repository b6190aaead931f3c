/**
 * One browser page's WebSocket: the view it shows (sessions, windows, the current window's
 * server-owned layout and panes) as JSON text frames, and each visible pane as binary frames,
 * a snapshot then its output stream. A page that reads slowly never slows a pane: past
 * `maxBufferedBytes` in flight (unsent, or sent but not yet acknowledged by the page as drawn:
 * a browser reads a socket as fast as it can and queues the messages for its busy main
 * thread, so the socket alone never pushes back), a pane's output is dropped and the pane is
 * resynced from a fresh snapshot once the page has caught up.
 *
 * Binary frame: byte 0 = 0 (snapshot: reset, then these bytes) or 1 (output), byte 1 = length
 * of the pane id, the id (ASCII), then the bytes.
 *
 * @module
 */

import { type HistoryRead, snapshotBytes, type VisibleSnapshot } from "../tui/snapshot.ts";

/** weft as one page may use it: calls attributed to the page. */
export interface PageHost {
  call<T = unknown>(name: string, input: unknown): Promise<T>;
  subscribe(
    filter: { topics: string[]; panes?: string[] },
    listener: (event: { topic: string; pane?: string; data: unknown }) => void,
  ): () => void;
  log(...args: unknown[]): void;
}

/** Options of {@link linkPage}. */
export interface PageOptions {
  readOnly: boolean;
  maxBufferedBytes: number;
}

/** Events that change what the page shows (besides output). */
const VIEW_TOPICS = [
  "layout.changed",
  "focus.changed",
  "pane.changed",
  "pane.created",
  "pane.closed",
  "pane.exited",
  "pane.current",
  "session.created",
  "session.closed",
  "window.created",
  "window.closed",
];
const SNAPSHOT = 0;
const OUTPUT = 1;
const DRAIN_POLL_MS = 25;
/** A pane that outran the page is resynced at most this often (a flood shows as snapshots). */
const RESYNC_MS = 100;
/** Lines above the screen a pane's first snapshot brings, for the page's scrollback. */
const HISTORY_LINES = 1000;

interface Follow {
  off: () => void;
  /** Output is being dropped: resync from a snapshot when the socket drains. */
  stale: boolean;
  /** When it last went stale (ms, performance.now()). */
  staleAt: number;
  /** The next snapshot brings history too (the first one, and after a resize). */
  first: boolean;
  /** The pane's size in the layout last sent (`COLSxROWS`). */
  size: string;
  /** Output events held while the snapshot is read. */
  held: string[] | undefined;
}

/** Serves one page on `socket` until it closes. */
export function linkPage(socket: WebSocket, host: PageHost, options: PageOptions): void {
  const encoder = new TextEncoder();
  const follows = new Map<string, Follow>();
  let view: string | null = null;
  let closed = false;
  let pending: ReturnType<typeof setTimeout> | undefined;
  /** Binary bytes sent (queued or delivered) that the page has not acknowledged as drawn. */
  let unacked = 0;
  const inFlight = () => Math.max(unacked, socket.bufferedAmount);

  const send = (data: string | Uint8Array) => {
    if (!closed && socket.readyState === WebSocket.OPEN) socket.send(data);
  };
  const frame = (kind: number, pane: string, text: string) => {
    const id = encoder.encode(pane);
    const body = encoder.encode(text);
    const out = new Uint8Array(2 + id.length + body.length);
    out[0] = kind;
    out[1] = id.length;
    out.set(id, 2);
    out.set(body, 2 + id.length);
    unacked += out.length;
    send(out);
  };
  // A pane whose output the page cannot take is not listened to until its resync: then the
  // core does not even publish its output to this plugin.
  const listen = (pane: string, f: Follow) =>
    host.subscribe({ topics: ["pane.output"], panes: [pane] }, (event) => {
      const data = (event.data as { data: string }).data;
      if (f.held) return void f.held.push(data);
      if (f.stale) return;
      if (inFlight() > options.maxBufferedBytes) {
        f.stale = true;
        f.staleAt = performance.now();
        f.off();
        f.off = () => {};
        return;
      }
      frame(OUTPUT, pane, data);
    });
  const snapshot = async (pane: string, follow: Follow) => {
    follow.held = [];
    // Listening again before the read: the subscription reaches the bus first.
    if (follow.stale) follow.off = listen(pane, follow);
    follow.stale = false;
    try {
      // Only a pane's first snapshot brings history: a resync keeps the page's scrollback short.
      const history = follow.first
        ? await host.call<HistoryRead>("pane.read", {
          pane,
          mode: "recent",
          lines: HISTORY_LINES,
          ansi: true,
        })
        : undefined;
      follow.first = false;
      const read = await host.call<VisibleSnapshot>("pane.read", { pane, ansi: true });
      if (follows.get(pane) !== follow) return;
      const rows = read.text.split("\n").length;
      frame(SNAPSHOT, pane, snapshotBytes(read, history, rows));
    } catch (err) {
      host.log(`cannot snapshot pane ${pane}: ${(err as Error).message}`);
    }
    // Output held while the read was on its way was already on the screen it read.
    follow.held = undefined;
  };
  const follow = (pane: string, size: string) => {
    const f: Follow = { off: () => {}, stale: false, staleAt: 0, first: true, size, held: [] };
    follows.set(pane, f);
    f.off = listen(pane, f);
    void snapshot(pane, f);
  };
  const refresh = async () => {
    pending = undefined;
    if (closed) return;
    const wanted = view;
    try {
      const state = await viewState(host, wanted);
      // The page asked for another window while this one was read: that refresh is on its way.
      if (view !== wanted) return;
      view = state.window;
      send(JSON.stringify({ t: "state", readOnly: options.readOnly, ...state }));
      const visible = new Map(
        (state.layout?.panes ?? []).map((p) => [p.pane, `${p.cols}x${p.rows}`]),
      );
      for (const [pane, f] of follows) {
        if (!visible.has(pane)) {
          f.off();
          follows.delete(pane);
        }
      }
      for (const [pane, size] of visible) {
        const f = follows.get(pane);
        if (!f) follow(pane, size);
        else if (f.size !== size) {
          // The server's screen reflowed: copying its result is exact, replaying is not.
          f.size = size;
          f.first = true;
          void snapshot(pane, f);
        }
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
    const again = event.topic === "pane.created" && follows.get((event.data as { id: string }).id);
    if (again) {
      again.first = true;
      void snapshot((event.data as { id: string }).id, again);
    }
    schedule();
  });
  const drain = setInterval(() => {
    if (inFlight() > options.maxBufferedBytes / 4) return;
    const due = performance.now() - RESYNC_MS;
    for (const [pane, f] of follows) {
      if (f.stale && !f.held && f.staleAt <= due) void snapshot(pane, f);
    }
  }, DRAIN_POLL_MS);

  socket.onopen = () => void refresh();
  socket.onmessage = (e) => {
    if (typeof e.data !== "string") return;
    void act(JSON.parse(e.data)).catch((err) =>
      send(JSON.stringify({ t: "error", message: (err as Error).message }))
    );
  };
  socket.onclose = () => {
    closed = true;
    clearInterval(drain);
    if (pending !== undefined) clearTimeout(pending);
    offView();
    for (const f of follows.values()) f.off();
    follows.clear();
  };

  async function act(m: Record<string, unknown>): Promise<void> {
    const pane = typeof m.pane === "string" ? m.pane : undefined;
    if (m.t === "ack" && typeof m.bytes === "number") {
      unacked = Math.max(0, unacked - m.bytes);
      return;
    }
    if (m.t === "view" && typeof m.window === "string") {
      view = m.window;
      return void schedule();
    }
    if (m.t === "resync" && pane && follows.has(pane)) {
      return void snapshot(pane, follows.get(pane)!);
    }
    if (options.readOnly) {
      throw new Error("Cannot change anything: this page is read-only");
    }
    if (m.t === "input" && pane && typeof m.data === "string") {
      await host.call("pane.write", { pane, text: m.data, paste: false });
    } else if (m.t === "focus" && pane) await host.call("pane.focus", { pane });
    else if (m.t === "split" && pane) {
      const direction = m.direction === "vertical" ? "vertical" : "horizontal";
      await host.call("pane.create", { split: pane, direction });
    } else if (m.t === "close" && pane) await host.call("pane.close", { pane });
    else if (m.t === "size" && typeof m.cols === "number" && typeof m.rows === "number") {
      if (view === null) await refresh();
      if (view !== null) {
        await host.call("window.resize", { window: view, cols: m.cols, rows: m.rows });
      }
    }
  }
}

interface LayoutView {
  window: string;
  cols: number;
  rows: number;
  focused: string | null;
  panes: { pane: string; x: number; y: number; cols: number; rows: number }[];
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
  if (window === null) return { sessions, windows, window, layout: null, panes: [] };
  const [layout, { panes }] = await Promise.all([
    host.call<LayoutView>("window.layout", { window }),
    host.call<{ panes: unknown[] }>("pane.list", { window }),
  ]);
  return { sessions, windows, window, layout, panes };
}
