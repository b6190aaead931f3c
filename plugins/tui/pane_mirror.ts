/**
 * The client's own headless screen of one visible pane: started from a snapshot, then fed the
 * pane's output stream, so drawing never waits on the server. A size change starts a fresh
 * screen from a fresh snapshot (the server's screen reflowed; copying its result is exact).
 *
 * A pane that floods (more than `floodBytes` in a quarter second) is not followed byte by byte:
 * like tmux skipping what nobody could read, the mirror then copies the pane's visible screen
 * about 30 times a second, and tries the stream again after a second.
 *
 * @module
 */

import xterm from "@xterm/headless";
import { Unicode11Addon } from "@xterm/addon-unicode11";
import type { WeftClient } from "../client/mod.ts";
import type { WeftEvent } from "../../protocols/bus/events.ts";
import type { Size } from "../../protocols/layout/tree/mod.ts";
import { ScreenCopies } from "../../protocols/terminal/screen_copies.ts";
import {
  type HistoryRead,
  snapshotBytes,
  type VisibleSnapshot,
} from "../../protocols/terminal/snapshot.ts";

type Terminal = InstanceType<typeof xterm.Terminal>;

/** Options of {@link PaneMirror}. */
export interface MirrorOptions {
  /** History lines kept for scroll mode (fetched from the server by {@link PaneMirror.loadHistory}). */
  scrollback: number;
  /** Called whenever what the mirror shows may have changed. */
  onChange: (pane: string) => void;
  /** Called when the mirror cannot follow the pane (it closed, the read failed). */
  onError?: (pane: string, err: unknown) => void;
  /** Output per quarter second past which the mirror polls the screen instead (default 256 KiB). */
  floodBytes?: number;
}

const FLOOD_WINDOW_MS = 250;
const POLL_MS = 33;
const POLL_RETRY_MS = 1000;

/** Screen modes the client needs that xterm's public API does not expose. */
export interface ExtraModes {
  cursorHidden: boolean;
  /** The program asked for SGR mouse reports (DECSET 1006). */
  mouseSgr: boolean;
  /**
   * The program asked for focus reports (DECSET 1004). Kept here, not read from xterm's
   * `modes.sendFocusMode`: a terminal made anew (a resize) knows it only once its replay is
   * parsed, and a focus change in between (a split resizes the pane it moves focus from) would
   * be lost.
   */
  focusEvents: boolean;
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
  modes: ExtraModes = { cursorHidden: false, mouseSgr: false, focusEvents: false };
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
  #rate = { start: 0, bytes: 0 };
  #polling = false;
  #copies = 0;
  #wantHistory = false;
  #hasHistory = false;
  #inputModes: VisibleSnapshot["modes"];

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

  /** True while the pane floods and the mirror copies its screen instead of its stream. */
  get polling(): boolean {
    return this.#polling;
  }

  /** How many copies of the pane's screen the mirror has drawn while polling. */
  get copies(): number {
    return this.#copies;
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

  /**
   * Fills the history above the screen from the server (for scroll mode); resolves once it is
   * in. Only then, not at every start, since the read is large and floods restart mirrors often.
   */
  async loadHistory(): Promise<void> {
    this.#wantHistory = true;
    if (this.#hasHistory || this.#options.scrollback <= 0) return;
    this.resync();
    await this.ready;
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
    this.#polling = false;
    const withHistory = this.#wantHistory && this.#options.scrollback > 0;
    this.#wantHistory = false;
    const size = { ...this.#size };
    const term = this.#newTerminal(size);
    const modes: ExtraModes = { cursorHidden: false, mouseSgr: false, focusEvents: false };
    trackModes(term, modes);
    const current = () => generation === this.#generation && !this.#disposed;
    const listener = this.#listener(term, current);
    try {
      const client = await this.#client;
      if (!await this.#resubscribe(client, listener.onEvent, current)) return void term.dispose();
      // Read after the screen snapshot: the lines above it have settled into the history.
      const history = withHistory ? await this.#readHistory(client, size) : undefined;
      const visible = listener.visible();
      if (!current() || !visible) return void term.dispose();
      this.#inputModes = visible.modes;
      term.write(snapshotBytes(visible, history, size.rows), () => {
        if (current()) this.#install(term, modes, withHistory);
      });
      listener.flush();
    } catch (err) {
      term.dispose();
      if (current()) this.#options.onError?.(this.id, err);
    }
  }

  /**
   * The event listener of one sync: it keeps the snapshot, holds the output that follows it
   * until the snapshot is on the new screen, then streams (or starts polling on a flood).
   */
  #listener(term: Terminal, current: () => boolean) {
    let visible: VisibleSnapshot | undefined;
    let queued: string[] | undefined = [];
    const changed = () => current() && this.#options.onChange(this.id);
    return {
      onEvent: (event: WeftEvent) => {
        if (!current()) return;
        if (event.topic === "snapshot") return void (visible = event.data as VisibleSnapshot);
        if (event.topic !== "pane.output") return;
        const data = (event.data as { data: string }).data;
        if (this.#flooding(data.length)) return this.#startPolling();
        if (queued) queued.push(data);
        else term.write(data, changed);
      },
      visible: () => visible,
      flush: () => {
        for (const data of queued ?? []) term.write(data, changed);
        queued = undefined;
      },
    };
  }

  /** Subscribes with a snapshot and drops the previous subscription; false if superseded. */
  async #resubscribe(
    client: WeftClient,
    onEvent: (event: WeftEvent) => void,
    current: () => boolean,
  ): Promise<boolean> {
    const unsubscribe = await client.subscribe({
      topics: ["pane.output"],
      panes: [this.id],
      snapshot: { pane: this.id, mode: "visible", ansi: true },
    }, onEvent);
    if (!current()) {
      unsubscribe().catch(() => {});
      return false;
    }
    const previous = this.#unsubscribe;
    this.#unsubscribe = unsubscribe;
    await previous?.().catch(() => {});
    return true;
  }

  /** The lines above the screen, for scroll mode; undefined when the read fails. */
  #readHistory(client: WeftClient, size: Size): Promise<HistoryRead | undefined> {
    return client.call("pane.read", {
      pane: this.id,
      mode: "recent",
      lines: this.#options.scrollback + 2 * size.rows,
      ansi: true,
    }).catch(() => undefined);
  }

  /** Makes a screen that holds its snapshot the one shown. */
  #install(term: Terminal, modes: ExtraModes, withHistory: boolean): void {
    const old = this.term;
    this.term = term;
    this.modes = modes;
    this.#hasHistory = withHistory;
    if (old !== term) old.dispose();
    this.#options.onChange(this.id);
  }

  /** Counts output; true once this quarter second's is past `floodBytes`. */
  #flooding(bytes: number): boolean {
    const now = performance.now();
    if (now - this.#rate.start > FLOOD_WINDOW_MS) this.#rate = { start: now, bytes: 0 };
    this.#rate.bytes += bytes;
    return this.#rate.bytes > (this.#options.floodBytes ?? 256 * 1024);
  }

  /** Stops the stream and copies the visible screen every `POLL_MS` for a while. */
  #startPolling(): void {
    const generation = ++this.#generation;
    const unsubscribe = this.#unsubscribe;
    this.#unsubscribe = undefined;
    unsubscribe?.().catch(() => {});
    void this.#poll(generation);
  }

  async #poll(generation: number): Promise<void> {
    const current = () => generation === this.#generation && !this.#disposed;
    // Copied for a second, then the stream is tried again (calm or not: a flood stops it again).
    const copies = new ScreenCopies({ everyMs: 0, retryMs: POLL_RETRY_MS, untilCalm: false });
    copies.begin(performance.now());
    this.#polling = true;
    try {
      const client = await this.#client;
      while (current()) {
        const read = await client.call("pane.read", {
          pane: this.id,
          mode: "visible",
          ansi: true,
        });
        if (!current()) return;
        if (this.term.cols !== this.#size.cols || this.term.rows !== this.#size.rows) {
          const old = this.term;
          this.term = this.#newTerminal(this.#size);
          // What the replay below will say, known now (see ExtraModes.focusEvents).
          const focusEvents = this.#inputModes?.focusEvents ?? this.modes.focusEvents;
          this.modes = { cursorHidden: false, mouseSgr: false, focusEvents };
          trackModes(this.term, this.modes);
          old.dispose();
          copies.redraw();
        }
        if (copies.took({ ...read, rows: this.#size.rows })) {
          const screen = { ...read, ...(this.#inputModes ? { modes: this.#inputModes } : {}) };
          const term = this.term;
          this.#copies++;
          // Told also when the stream is tried again meanwhile (a read that took longer than
          // the retry, on a loaded machine): the copy is what shows until that one is in.
          term.write("\x1bc" + snapshotBytes(screen, undefined, this.#size.rows), () => {
            if (!this.#disposed && this.term === term) this.#options.onChange(this.id);
          });
        }
        if (copies.next(performance.now()) === "stream") {
          this.#rate = { start: performance.now(), bytes: 0 };
          return this.resync();
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    } catch (err) {
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

/** Follows DECSET/DECRST 25, 1004 and 1006, letting xterm handle them too. */
function trackModes(term: Terminal, modes: ExtraModes): void {
  const set = (on: boolean) => (params: (number | number[])[]) => {
    for (const p of params) {
      if (p === 25) modes.cursorHidden = !on;
      if (p === 1006) modes.mouseSgr = on;
      if (p === 1004) modes.focusEvents = on;
    }
    return false;
  };
  term.parser.registerCsiHandler({ prefix: "?", final: "h" }, set(true));
  term.parser.registerCsiHandler({ prefix: "?", final: "l" }, set(false));
}
