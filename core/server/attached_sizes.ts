/**
 * The terminal sizes of attached clients (the TUI), per session. Like tmux's default, every
 * window of a session takes the smallest size among the clients attached to it; when a client
 * leaves, the others' smallest size applies again. A new window gets that size at once.
 *
 * Viewers (a web page, which draws the server's size scaled to fit) count only while no
 * terminal is attached to the session, and then the largest viewer wins: a phone that opens
 * the page never shrinks what a desktop terminal or a desktop page shows, and its size is
 * dropped when it leaves.
 *
 * @module
 */

import type { Bus, Caller } from "../bus/mod.ts";
import type { Size } from "../../protocols/layout/tree/mod.ts";
import type { Model } from "../model/mod.ts";

interface Attached extends Size {
  session: string;
}

interface Client extends Attached {
  /** A viewer that scales what it is given (a web page), not a terminal. */
  viewer: boolean;
}

const SERVER: Caller = { kind: "internal", id: "attach", grants: "all" };

/**
 * Tracks attached clients' sizes and resizes windows through the bus (`window.resize`), so
 * the resize is checked, and `layout.changed` reaches every client.
 *
 * @example
 * ```ts ignore
 * const sizes = new AttachedSizes({ bus, model });
 * await sizes.set("c1", { session: "main", cols: 120, rows: 40 }, caller);
 * await sizes.set("c2", { session: "s1", cols: 80, rows: 24 }, caller); // s1's windows: 80×24
 * await sizes.set("c2", null, caller); // back to 120×40
 * ```
 */
export class AttachedSizes {
  #clients = new Map<string, Client>();
  #bus: Bus;
  #model: Model;
  #off: () => void;

  constructor(deps: { bus: Bus; model: Model }) {
    this.#bus = deps.bus;
    this.#model = deps.model;
    this.#off = deps.bus.events.subscribe({ topics: ["window.created"] }, (event) => {
      const session = (event.data as { session?: string }).session;
      if (session && this.size(session)) void this.#apply(session, SERVER);
    });
  }

  /** The size every window of `session` should have; undefined when nobody is attached. */
  size(session: string): Size | undefined {
    let terminals: Size | undefined;
    let viewers: Size | undefined;
    for (const c of this.#clients.values()) {
      if (c.session !== session) continue;
      if (c.viewer) {
        viewers = viewers
          ? { cols: Math.max(viewers.cols, c.cols), rows: Math.max(viewers.rows, c.rows) }
          : { cols: c.cols, rows: c.rows };
      } else {
        terminals = terminals
          ? { cols: Math.min(terminals.cols, c.cols), rows: Math.min(terminals.rows, c.rows) }
          : { cols: c.cols, rows: c.rows };
      }
    }
    return terminals ?? viewers;
  }

  /**
   * Records (or, with null, forgets) client `id`'s session (id or name; default: the current
   * one) and size, then resizes the windows of the sessions it touched. Resizes run as
   * `caller`, so a client without `pane:control` gets `DENIED` (and is not recorded). Returns
   * the session and the size now in effect for it. A `viewer` (a web page) sizes the session
   * only while no terminal is attached to it (see the module doc).
   */
  async set(
    id: string,
    request: { session?: string; cols: number; rows: number; viewer?: boolean } | null,
    caller: Caller = SERVER,
  ): Promise<Attached | null> {
    const before = this.#clients.get(id);
    const entry = request && {
      session: this.#model.resolve("session", request.session, undefined, false),
      cols: request.cols,
      rows: request.rows,
      viewer: request.viewer === true,
    };
    if (entry) this.#clients.set(id, entry);
    else this.#clients.delete(id);
    try {
      if (entry) await this.#apply(entry.session, caller);
    } catch (err) {
      if (before) this.#clients.set(id, before);
      else this.#clients.delete(id);
      throw err;
    }
    if (before && before.session !== entry?.session) {
      await this.#apply(before.session, SERVER).catch(() => {});
    }
    return entry ? { session: entry.session, ...this.size(entry.session)! } : null;
  }

  /** Stops listening for new windows. */
  dispose(): void {
    this.#off();
    this.#clients.clear();
  }

  async #apply(session: string, caller: Caller): Promise<void> {
    const size = this.size(session);
    const record = this.#model.sessions.get(session);
    if (!size || !record) return;
    for (const window of record.windows) {
      const current = this.#model.windows.get(window)?.size;
      if (current && current.cols === size.cols && current.rows === size.rows) continue;
      await this.#bus.invoke("window.resize", { window, ...size }, { caller });
    }
  }
}
