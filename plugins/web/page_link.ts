/**
 * One browser page's WebSocket: the view it shows (sessions, windows, the current window's
 * server-owned layout and panes) as JSON text frames, and each visible pane as binary frames,
 * a snapshot then its output stream (see `./pane_feed.ts`). A page that reads slowly never
 * slows a pane: each pane's bytes in flight are capped (a browser reads a socket as fast as it
 * can and queues the messages for its busy main thread, so the socket alone never pushes back;
 * the page acknowledges what it drew), and a pane past its cap has its screen copied instead
 * (the pane's view in the SDK controls that flow, once, from the page's acknowledgements).
 *
 * @module
 */

import { NOTIFY_META } from "../../protocols/bus/records.ts";
import { moveBorder } from "./drag_border.ts";
import { PaneFeed } from "./pane_feed.ts";
import { fabricHosts, rectsOf, viewState } from "./view_state.ts";
import type { BusCall, PaneSource } from "@weft/weft/plugin";

/** weft as one page may use it: calls attributed to the page. */
export interface PageHost {
  call: BusCall;
  subscribe(
    filter: { topics: string[]; panes?: string[] },
    listener: (event: { topic: string; pane?: string; data: unknown }) => void,
    options?: { dropped?: () => void },
  ): () => void;
  /** A pane's screen, then exactly its output from there on (`ctx.subscribeFrom`). */
  subscribeFrom: PaneSource["subscribeFrom"];
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

/** Serves one page on `socket` until it closes. */
export function linkPage(socket: WebSocket, host: PageHost, options: PageOptions): void {
  new PageLink(socket, host, options);
}

/** What a page's actions on a pane do, by message type, once the page may change things. */
const WRITES: Record<
  string,
  (host: PageHost, pane: string, m: Record<string, unknown>) => Promise<unknown> | undefined
> = {
  input: (host, pane, { data }) =>
    typeof data === "string"
      ? host.call("pane.write", { pane, text: data, paste: false })
      : undefined,
  // Raw bytes in base64 (an X10 mouse report past column 95 is not UTF-8).
  bytes: (host, pane, { data }) =>
    typeof data === "string" ? host.call("pane.write", { pane, bytes: data }) : undefined,
  focus: (host, pane) => host.call("pane.focus", { pane }),
  split: (host, pane, { direction }) =>
    host.call("pane.create", {
      split: pane,
      direction: direction === "vertical" ? "vertical" : "horizontal",
    }),
  close: (host, pane) => host.call("pane.close", { pane }),
  // An answer to an agent's dialog, checked by the server against the dialog the page showed.
  // A held permission request with no dialog on screen is answered with approve or deny.
  answer: (host, pane, { choice, approve, deny, fingerprint }) =>
    typeof fingerprint !== "string"
      ? undefined
      : typeof choice === "number" && Number.isInteger(choice)
      ? host.call("pane.answer", { pane, choice, fingerprint })
      : approve === true || deny === true
      ? host.call("pane.answer", {
        pane,
        ...(approve === true ? { approve: true } : { deny: true }),
        fingerprint,
      })
      : undefined,
  // Mutes (or unmutes) the pane's notifications: its `notify` metadata, which every door reads.
  mute: (host, pane, { muted }) =>
    typeof muted === "boolean"
      ? host.call("pane.set", { pane, meta: { [NOTIFY_META]: muted ? "off" : null } })
      : undefined,
  zoom: (host, pane, { zoomed }) => host.call("window.zoom", { pane, zoomed: zoomed === true }),
};

/** One page's link: its view, its panes' feeds, its actions in order. */
class PageLink {
  // The page's name as a viewer (`session.view`): it sizes a session only while no terminal
  // is attached, and draws whatever size the server has scaled to fit.
  #viewer = `page-${crypto.randomUUID()}`;
  #sized = false;
  #recheck: ReturnType<typeof setTimeout> | undefined;
  #socket: WebSocket;
  #host: PageHost;
  #options: PageOptions;
  #feeds = new Map<string, PaneFeed>();
  #feedDeps: ConstructorParameters<typeof PaneFeed>[2];
  #view: string | null = null;
  /** The fabric host the page shows (its switcher), or undefined for this one. */
  #remote: string | undefined;
  /** The last view sent, as sent: a poll that finds nothing new sends nothing. */
  #sent = "";
  #poll: ReturnType<typeof setInterval> | undefined;
  #closed = false;
  #pending: ReturnType<typeof setTimeout> | undefined;
  // The page's actions run one after another, in the order it sent them: keys reach the pane
  // in order, and a drag's later position is never overtaken by an earlier one. Keys typed
  // while a write is on its way join the next write, so fast typing does not queue round trips.
  #acting = Promise.resolve();
  #typing: { pane: unknown; data: string } | undefined;

  constructor(socket: WebSocket, host: PageHost, options: PageOptions) {
    this.#socket = socket;
    this.#host = host;
    this.#options = options;
    this.#feedDeps = {
      host,
      send: (data) => this.#send(data),
      flooding: (pane, on) => this.#send(JSON.stringify({ t: "flooding", pane, on })),
      maxBytes: options.maxBufferedBytes,
      ...(options.pollMs ? { pollMs: options.pollMs } : {}),
      ...(options.retryMs ? { retryMs: options.retryMs } : {}),
    };
    const offView = host.subscribe({ topics: VIEW_TOPICS }, (event) => this.#viewEvent(event));
    socket.onopen = () => void this.#refresh();
    socket.onmessage = (e) => this.#message(e.data);
    socket.onclose = () => {
      this.#closed = true;
      if (this.#pending !== undefined) clearTimeout(this.#pending);
      clearTimeout(this.#recheck);
      clearInterval(this.#poll);
      offView();
      // Leaving drops the page's size: the sessions it sized go back to the others' sizes.
      if (this.#sized) {
        void host.call("session.view", { viewer: this.#viewer, leave: true }).catch(() => {});
      }
      for (const feed of this.#feeds.values()) feed.close();
      this.#feeds.clear();
    };
  }

  #send(data: string | Uint8Array): void {
    if (!this.#closed && this.#socket.readyState === WebSocket.OPEN) this.#socket.send(data);
  }

  /** Sends the view the page shows and follows its visible panes (new feeds, resizes). */
  async #refresh(): Promise<void> {
    this.#pending = undefined;
    if (this.#closed) return;
    const wanted = this.#view;
    const remote = this.#remote;
    try {
      const state = await viewState(this.#host, wanted, remote);
      // The page asked for another window while this one was read: that refresh is on its way.
      if (this.#view !== wanted || this.#remote !== remote || this.#closed) return;
      this.#view = state.window;
      this.#polling(state.hosts !== null);
      const text = JSON.stringify({ t: "state", readOnly: this.#options.readOnly, ...state });
      if (text !== this.#sent) this.#send(text);
      this.#sent = text;
      this.#follow(
        new Map((state.layout?.panes ?? []).map((p) => [p.pane, `${p.cols}x${p.rows}`])),
      );
      this.#recheckNeeds(needsKey(state.needs));
    } catch (err) {
      this.#host.log(`cannot describe the view: ${(err as Error).message}`);
    }
  }

  /** Feeds exactly the `visible` panes (id → `COLSxROWS`). */
  #follow(visible: Map<string, string>): void {
    for (const [pane, feed] of this.#feeds) {
      if (visible.has(pane)) continue;
      feed.close();
      this.#feeds.delete(pane);
    }
    for (const [pane, size] of visible) {
      const feed = this.#feeds.get(pane);
      if (!feed) this.#feeds.set(pane, new PaneFeed(pane, size, this.#feedDeps));
      else if (feed.size !== size) feed.resized(size);
    }
  }

  /**
   * In a fabric the view is read again every {@link FABRIC_POLL_MS}: no event here says that
   * another host came up, went away, or changed its panes.
   */
  #polling(on: boolean): void {
    if (on && this.#poll === undefined) {
      this.#poll = setInterval(() => this.#schedule(), FABRIC_POLL_MS);
    }
  }

  /** Shows host `name` (this host: its own name or null), once the fabric lists it up. */
  async #pickHost(name: unknown): Promise<void> {
    const hosts = await fabricHosts(this.#host);
    const choice = hosts?.find((h) => h.host === name);
    if (!hosts || (name !== null && !choice)) {
      throw new Error(`Cannot show host "${String(name)}": it is not in the fabric`);
    }
    if (choice?.state === "unreachable") {
      throw new Error(`Cannot show host "${String(name)}": it is unreachable now`);
    }
    const remote = choice && choice.state !== "self" ? choice.host : undefined;
    if (remote === this.#remote) return;
    this.#remote = remote;
    this.#view = null;
    clearTimeout(this.#pending);
    this.#pending = undefined;
    await this.#refresh();
  }

  /**
   * While agents wait, their list is read again every {@link NEEDS_RECHECK_MS}: an answer from
   * another door, or at the terminal, may take a dialog off the screen with no event.
   */
  #recheckNeeds(shown: string): void {
    clearTimeout(this.#recheck);
    if (!shown) return;
    this.#recheck = setTimeout(async () => {
      if (this.#closed) return;
      const { needs } = await this.#host.call("pane.needs", {}).catch(() => ({ needs: [] }));
      if (needsKey(needs) !== shown) this.#schedule();
      else this.#recheckNeeds(shown);
    }, NEEDS_RECHECK_MS);
  }

  #schedule(): void {
    this.#pending ??= setTimeout(() => this.#refresh(), 20);
  }

  #viewEvent(event: { topic: string; data: unknown }): void {
    // A pane created again under an id the page follows was respawned: a new screen.
    const again = event.topic === "pane.created" &&
      this.#feeds.get((event.data as { id: string }).id);
    if (again) again.renew();
    this.#schedule();
  }

  #message(data: unknown): void {
    const m = typeof data === "string" ? pageMessage(data) : undefined;
    // A frame that is not a JSON object is this page's mistake alone: it is told, and closed.
    if (!m) return this.#refuse("Cannot read the page's message: it is not a JSON object");
    // Acknowledgements never wait behind an action: they let output flow.
    if (m.t === "ack") return this.#ack(m.panes);
    const isInput = m.t === "input" && typeof m.data === "string";
    const typing = this.#typing;
    if (isInput && typing && typing.pane === m.pane) return void (typing.data += m.data);
    const keys = isInput ? { pane: m.pane, data: m.data as string } : undefined;
    this.#typing = keys;
    this.#acting = this.#acting.then(() => {
      if (!keys) return this.#act(m);
      if (this.#typing === keys) this.#typing = undefined;
      return this.#act({ ...m, data: keys.data });
    }).catch((err) => this.#send(JSON.stringify({ t: "error", message: (err as Error).message })));
  }

  #refuse(message: string): void {
    this.#send(JSON.stringify({ t: "error", message }));
    try {
      this.#socket.close(1007, message.slice(0, 120));
    } catch { /* already closing */ }
  }

  #ack(panes: unknown): void {
    if (typeof panes !== "object" || panes === null) return;
    for (const [id, bytes] of Object.entries(panes)) {
      if (typeof bytes === "number") this.#feeds.get(id)?.ack(bytes);
    }
  }

  /** One page action: what to show first (allowed read-only), then what to change. */
  async #act(m: Record<string, unknown>): Promise<void> {
    const pane = typeof m.pane === "string" ? m.pane : undefined;
    if (m.t === "view" && typeof m.window === "string") {
      this.#view = m.window;
      return void this.#schedule();
    }
    if (m.t === "host") return await this.#pickHost(m.host);
    if (m.t === "resync" && pane && this.#feeds.has(pane)) {
      return void this.#feeds.get(pane)!.snapshot();
    }
    if (this.#options.readOnly) {
      throw new Error("Cannot change anything: this page is read-only");
    }
    if (m.t === "drag" && this.#view !== null) return await drag(this.#host, this.#view, m);
    if (m.t === "size" && typeof m.cols === "number" && typeof m.rows === "number") {
      if (this.#view === null) await this.#refresh();
      if (this.#view === null) return;
      const { windows } = await this.#host.call<{ windows: { id: string; session: string }[] }>(
        "window.list",
        {},
      );
      const session = windows.find((w) => w.id === this.#view)?.session;
      if (!session) return;
      this.#sized = true;
      await this.#host.call("session.view", {
        viewer: this.#viewer,
        session,
        cols: m.cols,
        rows: m.rows,
      });
      return;
    }
    const write = typeof m.t === "string" && Object.hasOwn(WRITES, m.t) ? WRITES[m.t] : undefined;
    if (write && pane) await write(this.#host, pane, m);
    // An answered dialog may leave the screen without a new state: show the list again.
    if (m.t === "answer") this.#schedule();
  }
}

/** How often a page in a fabric reads its view again. */
const FABRIC_POLL_MS = 2000;

/** How often a page's list of waiting agents is read again while it is not empty. */
const NEEDS_RECHECK_MS = 2000;

/** What identifies a list of needs as shown: each pane and the dialog it shows. */
function needsKey(needs?: readonly { pane: string; fingerprint: string | null }[]): string {
  return (needs ?? []).map((n) => `${n.pane}:${n.fingerprint}`).join(" ");
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

/** Moves a border the page dragged: `{path, index, at}` (see `./drag_border.ts`). */
async function drag(host: PageHost, window: string, m: Record<string, unknown>): Promise<void> {
  const { path, index, at } = m;
  if (
    !Array.isArray(path) || !path.every(Number.isInteger) || !Number.isInteger(index) ||
    typeof at !== "number"
  ) {
    throw new Error("Cannot move a border: give path, index and at");
  }
  const layout = await host.call("window.layout", { window });
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
