/**
 * The client's own headless screen of one visible pane: started from a snapshot, then fed the
 * pane's output stream, so drawing never waits on the server. A size change starts a fresh
 * screen from a fresh snapshot (the server's screen reflowed; copying its result is exact).
 *
 * @module
 */

import xterm from "@xterm/headless";
import { Unicode11Addon } from "@xterm/addon-unicode11";
import type { WeftClient } from "../client/mod.ts";
import type { WeftEvent } from "../bus/mod.ts";
import type { Size } from "../layout/mod.ts";
import { type HistoryRead, snapshotBytes, type VisibleSnapshot } from "./snapshot.ts";

type Terminal = InstanceType<typeof xterm.Terminal>;

/** Options of {@link PaneMirror}. */
export interface MirrorOptions {
  /** History lines kept (and fetched at start) for scroll mode. */
  scrollback: number;
  /** Called whenever what the mirror shows may have changed. */
  onChange: (pane: string) => void;
  /** Called when the mirror cannot follow the pane (it closed, the read failed). */
  onError?: (pane: string, err: unknown) => void;
}

/** Screen modes the client needs that xterm's public API does not expose. */
export interface ExtraModes {
  cursorHidden: boolean;
  /** The program asked for SGR mouse reports (DECSET 1006). */
  mouseSgr: boolean;
}

/**
 * A live copy of one pane's screen.
 *
 * @example
 * ```ts ignore
 * const mirror = new PaneMirror(client, "p1", { cols: 80, rows: 24 }, {
 *   scrollback: 1000,
 *   onChange: () => scheduleFrame(),
 * });
 * await mirror.ready;
 * drawTerminal(mirror.term, grid, rect);
 * ```
 */
export class PaneMirror {
  readonly id: string;
  term: Terminal;
  modes: ExtraModes = { cursorHidden: false, mouseSgr: false };
  /** Resolves once the first snapshot is in. */
  ready: Promise<void>;
  #client: Promise<WeftClient>;
  #ownClient = false;
  #options: MirrorOptions;
  #size: Size;
  #generation = 0;
  #unsubscribe: (() => Promise<void>) | undefined;
  #disposed = false;
  #resyncing = false;
  #resyncAgain = false;

  /**
   * `source` is a connection to share, or a way to open one of the mirror's own: then a flood
   * in another pane never queues in front of this pane's output, and events the server drops
   * for this connection only make this mirror start again.
   */
  constructor(
    source: WeftClient | (() => Promise<WeftClient>),
    id: string,
    size: Size,
    options: MirrorOptions,
  ) {
    if (typeof source === "function") {
      this.#ownClient = true;
      this.#client = source().then((client) => {
        client.onDropped(() => this.resync());
        if (this.#disposed) client.close();
        return client;
      });
    } else this.#client = Promise.resolve(source);
    this.id = id;
    this.#options = options;
    this.#size = { ...size };
    this.term = this.#newTerminal(size);
    this.ready = this.#sync();
  }

  /** The size the mirror follows. */
  get size(): Size {
    return this.#size;
  }

  /** Follows a new pane size: a fresh screen from a fresh snapshot. */
  resize(size: Size): void {
    if (size.cols === this.#size.cols && size.rows === this.#size.rows) return;
    this.#size = { ...size };
    this.ready = this.#sync();
  }

  /**
   * Starts again from a fresh snapshot (after the server dropped events for a slow client).
   * While one is on its way, asking again only queues one more.
   */
  resync(): void {
    if (this.#resyncing) {
      this.#resyncAgain = true;
      return;
    }
    this.#resyncing = true;
    this.ready = this.#sync().finally(() => {
      this.#resyncing = false;
      if (this.#resyncAgain && !this.#disposed) {
        this.#resyncAgain = false;
        this.resync();
      }
    });
  }

  /** Stops following the pane and frees the screen. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#generation++;
    if (this.#ownClient) this.#client.then((client) => client.close(), () => {});
    else this.#unsubscribe?.().catch(() => {});
    this.term.dispose();
  }

  async #sync(): Promise<void> {
    const generation = ++this.#generation;
    const size = { ...this.#size };
    const term = this.#newTerminal(size);
    const modes: ExtraModes = { cursorHidden: false, mouseSgr: false };
    trackModes(term, modes);
    const current = () => generation === this.#generation && !this.#disposed;
    let visible: VisibleSnapshot | undefined;
    let queued: string[] | undefined = [];
    const changed = () => current() && this.#options.onChange(this.id);
    const onEvent = (event: WeftEvent) => {
      if (!current()) return;
      if (event.topic === "snapshot") return void (visible = event.data as VisibleSnapshot);
      if (event.topic !== "pane.output") return;
      const data = (event.data as { data: string }).data;
      if (queued) queued.push(data);
      else term.write(data, changed);
    };
    try {
      const client = await this.#client;
      const unsubscribe = await client.subscribe({
        topics: ["pane.output"],
        panes: [this.id],
        snapshot: { pane: this.id, mode: "visible", ansi: true },
      }, onEvent);
      if (!current()) {
        term.dispose();
        return void unsubscribe().catch(() => {});
      }
      const previous = this.#unsubscribe;
      this.#unsubscribe = unsubscribe;
      await previous?.().catch(() => {});
      // Read after the screen snapshot: the lines above it have settled into the history.
      const history = this.#options.scrollback > 0
        ? await client.call<HistoryRead>("pane.read", {
          pane: this.id,
          mode: "recent",
          lines: this.#options.scrollback + 2 * size.rows,
          ansi: true,
        }).catch(() => undefined)
        : undefined;
      if (!current() || !visible) {
        term.dispose();
        return;
      }
      term.write(snapshotBytes(visible, history, size.rows), () => {
        if (!current()) return;
        const old = this.term;
        this.term = term;
        this.modes = modes;
        if (old !== term) old.dispose();
        this.#options.onChange(this.id);
      });
      for (const data of queued) term.write(data, changed);
      queued = undefined;
    } catch (err) {
      term.dispose();
      if (current()) this.#options.onError?.(this.id, err);
    }
  }

  #newTerminal(size: Size): Terminal {
    const term = new xterm.Terminal({
      cols: Math.max(1, size.cols),
      rows: Math.max(1, size.rows),
      scrollback: this.#options.scrollback,
      allowProposedApi: true,
      scrollOnEraseInDisplay: true,
      logLevel: "off",
    });
    // The same character widths as the server's screens (emoji two cells wide).
    term.loadAddon(new Unicode11Addon());
    term.unicode.activeVersion = "11";
    return term;
  }
}

/** Follows DECSET/DECRST 25 and 1006, letting xterm handle them too. */
function trackModes(term: Terminal, modes: ExtraModes): void {
  const set = (on: boolean) => (params: (number | number[])[]) => {
    for (const p of params) {
      if (p === 25) modes.cursorHidden = !on;
      if (p === 1006) modes.mouseSgr = on;
    }
    return false;
  };
  term.parser.registerCsiHandler({ prefix: "?", final: "h" }, set(true));
  term.parser.registerCsiHandler({ prefix: "?", final: "l" }, set(false));
}
