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
import { WeftClient } from "../client/mod.ts";
import { clientPaneSource } from "../client/pane_source.ts";
import { type PanePicture, PaneView } from "../../core/sdk/pane_view.ts";
import type { Size } from "../../protocols/layout/tree/mod.ts";
import { snapshotBytes } from "../../protocols/terminal/snapshot.ts";

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
 * A live copy of one pane's screen: the renderer of a pane view (`PaneView` in the SDK, which
 * attaches, follows, resyncs and copies a flooding pane's screen).
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
  #view: PaneView;
  /** The screen output is written to: the one shown, or the next one while its picture parses. */
  #next: { term: Terminal; modes: ExtraModes };
  #disposed = false;
  #hasHistory = false;

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
    this.#next = { term: this.term, modes: this.modes };
    this.#view = new PaneView(clientPaneSource(this.#client), id, {
      picture: (picture) => picture.copy ? this.#copy(picture) : this.#picture(picture),
      output: (data) => this.#next.term.write(data, () => this.#changed()),
      error: (err) => this.#options.onError?.(this.id, err),
    }, {
      floodBytes: options.floodBytes ?? 256 * 1024,
      acks: false,
      // Copied for a second, then the stream is tried again (calm or not: a flood stops it again).
      copies: { everyMs: 0, retryMs: POLL_RETRY_MS, untilCalm: false, tickMs: POLL_MS },
      historyLines: () => this.#options.scrollback + 2 * this.#size.rows,
      historyAfterFlood: false,
    });
    this.ready = this.#view.resync();
  }

  /** True while the pane floods and the mirror copies its screen instead of its stream. */
  get polling(): boolean {
    return this.#view.flooding;
  }

  /** The size the mirror follows. */
  get size(): Size {
    return this.#size;
  }

  /** Follows a new pane size: a fresh screen from a fresh snapshot. */
  resize(size: Size): void {
    if (size.cols === this.#size.cols && size.rows === this.#size.rows) return;
    this.#size = { ...size };
    this.ready = this.#view.resync();
  }

  /**
   * Starts again from a fresh snapshot (after the server dropped events for a slow client).
   * While one is on its way, asking again only queues one more.
   */
  resync(): void {
    this.ready = this.#view.resync();
  }

  /**
   * Fills the history above the screen from the server (for scroll mode); resolves once it is
   * in. Only then, not at every start, since the read is large and floods restart mirrors often.
   */
  async loadHistory(): Promise<void> {
    if (this.#hasHistory || this.#options.scrollback <= 0) return;
    await (this.ready = this.#view.resync(true));
  }

  /** Stops following the pane and frees the screen. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#view.close();
    if (this.#ownClient) this.#client.then((client) => client.close(), () => {});
    if (this.#next.term !== this.term) this.#next.term.dispose();
    this.term.dispose();
  }

  #changed(): void {
    if (!this.#disposed) this.#options.onChange(this.id);
  }

  /** A snapshot: a fresh screen, shown once the picture is on it; output follows it there. */
  #picture({ screen, history }: PanePicture): void {
    if (this.#disposed) return;
    const size = { ...this.#size };
    const next = { term: this.#newTerminal(size), modes: { ...NO_MODES } };
    trackModes(next.term, next.modes);
    // A screen superseded before it was shown is dropped.
    if (this.#next.term !== this.term) this.#next.term.dispose();
    this.#next = next;
    const withHistory = history !== undefined;
    next.term.write(snapshotBytes(screen, history, size.rows), () => {
      if (this.#next !== next || this.#disposed) return;
      const old = this.term;
      this.term = next.term;
      this.modes = next.modes;
      this.#hasHistory = withHistory;
      if (old !== next.term) old.dispose();
      this.#changed();
    });
  }

  /** A flooding pane's copy, drawn over the screen shown (a fresh one if the size changed). */
  #copy({ screen }: PanePicture): void {
    if (this.#disposed) return;
    if (this.#next.term !== this.term) this.#next.term.dispose();
    if (this.term.cols !== this.#size.cols || this.term.rows !== this.#size.rows) {
      const old = this.term;
      this.term = this.#newTerminal(this.#size);
      // What the replay below will say, known now (see ExtraModes.focusEvents).
      const focusEvents = screen.modes?.focusEvents ?? this.modes.focusEvents;
      this.modes = { ...NO_MODES, focusEvents };
      trackModes(this.term, this.modes);
      old.dispose();
    }
    this.#next = { term: this.term, modes: this.modes };
    this.#hasHistory = false;
    this.term.write("\x1bc" + snapshotBytes(screen, undefined, this.#size.rows), () => {
      this.#changed();
    });
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

const NO_MODES: ExtraModes = { cursorHidden: false, mouseSgr: false, focusEvents: false };

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

/** A connection of its own for a pane mirror, to the server `client` talks to. */
export function mirrorConnection(client: WeftClient): Promise<WeftClient> {
  const socket = client.hello.socket;
  if (typeof socket !== "string") return Promise.resolve(client);
  return WeftClient.connect(socket, { client: "tui" });
}
