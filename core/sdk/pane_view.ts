/**
 * One client's view of one pane, shared by the TUI's mirror and the web page's feed: it attaches
 * with a snapshot subscription (a read of the screen, then exactly the output that read did not
 * show), follows the live output, starts again from a fresh snapshot where events were dropped
 * on their way (a gap) or when asked (a resize, a respawn), and detaches. Its renderer (a
 * {@link PaneViewer}) only draws what it is handed.
 *
 * It is also the one place where a viewer's flow is controlled. A pane that prints more than the
 * viewer can take floods: past `floodBytes` handed over and not yet drawn (a viewer that says
 * what it drew with {@link PaneView.drawn}), or past `floodBytes` in a quarter second (one that
 * does not). Like tmux skipping what nobody could read, the view then stops listening to the
 * pane (the server does not even send its output) and copies its visible screen now and then,
 * drawing a copy only when the screen changed, until it is time to try the stream again (see
 * `ScreenCopies`).
 *
 * @module
 */

import type { CoreCalls } from "../../protocols/bus/calls.ts";
import type { WeftEvent } from "../../protocols/bus/events.ts";
import { type CopyPolicy, ScreenCopies } from "../../protocols/terminal/screen_copies.ts";
import type { HistoryRead } from "../../protocols/terminal/snapshot.ts";
import type { PaneSnapshot, PluginContext, SubscribeOptions } from "./define.ts";

export type { PaneSnapshot };

/** What a pane view needs of its connection: a plugin's context is one as it is. */
export interface PaneSource {
  subscribeFrom: PluginContext["subscribeFrom"];
  call(name: "pane.read", input: PaneReadInput): Promise<CoreCalls["pane.read"]>;
}

/** The reads a view makes. */
export interface PaneReadInput {
  pane: string;
  mode?: "visible" | "recent";
  lines?: number;
  ansi: true;
}

/** A picture of the pane the renderer draws on a clean screen. */
export interface PanePicture {
  /** The visible screen, with the pane's input modes (a copy has the last snapshot's). */
  screen: PaneSnapshot;
  /** The lines above it, when the view was asked for them. */
  history: HistoryRead | undefined;
  /** A copy taken while the pane floods: no output follows it. */
  copy: boolean;
}

/** What a view hands its renderer. */
export interface PaneViewer {
  /** A fresh picture; returns what it put in flight (in the units of {@link PaneView.drawn}). */
  picture(picture: PanePicture): number | void;
  /** Output that follows the last picture: exactly what it did not show, none twice. */
  output(data: string): void;
  /** The pane started (true) or stopped flooding: pictures are copies meanwhile. */
  flooding?(on: boolean): void;
  /** The view cannot follow the pane (its read or subscription failed). */
  error?(err: unknown): void;
  /** Output was dropped on its way (the reader fell behind): a fresh picture follows. */
  gap?(): void;
}

/** Options of {@link PaneView}. */
export interface PaneViewOptions {
  /** Past this much output handed over and not drawn (or in a quarter second) the pane floods. */
  floodBytes: number;
  /** The viewer says what it drew ({@link PaneView.drawn}); else output is counted per quarter second. */
  acks: boolean;
  /** How a flooding pane is copied; `tickMs` is how often the view looks. */
  copies: CopyPolicy & { tickMs: number };
  /** Lines a snapshot with history reads above the screen. */
  historyLines: () => number;
  /** Whether the stream comes back after a flood with the history the copies skipped. */
  historyAfterFlood: boolean;
}

const RATE_WINDOW_MS = 250;

/**
 * One pane, followed for one viewer.
 *
 * @example
 * ```ts ignore
 * const view = new PaneView(ctx, "p1", {
 *   picture: ({ screen, history }) => draw(snapshotBytes(screen, history, rows)),
 *   output: (data) => draw(data),
 * }, options);
 * await view.resync(true); // the first picture, with history
 * view.close();
 * ```
 */
export class PaneView {
  readonly pane: string;
  #source: PaneSource;
  #viewer: PaneViewer;
  #options: PaneViewOptions;
  #generation = 0;
  #off: (() => void) | undefined;
  #closed = false;
  #flooding = false;
  #syncing: Promise<void> | undefined;
  #again: { history: boolean; done: PromiseWithResolvers<void> } | undefined;
  #ready: Promise<void> = Promise.resolve();
  /** Handed over and not yet drawn; of those, the last picture's (drawn first). */
  #unacked = 0;
  #grace = 0;
  #rate = { start: 0, bytes: 0 };
  #modes: PaneSnapshot["modes"];
  #copies: ScreenCopies;

  constructor(source: PaneSource, pane: string, viewer: PaneViewer, options: PaneViewOptions) {
    this.#source = source;
    this.pane = pane;
    this.#viewer = viewer;
    this.#options = options;
    this.#copies = new ScreenCopies(options.copies);
  }

  /** True while the pane floods and its screen is copied instead of its stream followed. */
  get flooding(): boolean {
    return this.#flooding;
  }

  /** Settles once the last picture asked for is handed over (or could not be). */
  get ready(): Promise<void> {
    return this.#ready;
  }

  /**
   * Starts (again) from a fresh snapshot, with the history above it if asked: at first, after a
   * gap, a resize or a respawn. While one is on its way, asking again queues one more.
   */
  resync(history = false): Promise<void> {
    if (this.#closed) return Promise.resolve();
    if (this.#syncing) {
      this.#again ??= { history: false, done: Promise.withResolvers() };
      this.#again.history ||= history;
      return this.#ready = this.#again.done.promise;
    }
    const syncing = this.#sync(history).finally(() => {
      this.#syncing = undefined;
      const again = this.#again;
      this.#again = undefined;
      if (again) this.resync(again.history).then(again.done.resolve);
    });
    this.#syncing = syncing;
    return this.#ready = syncing;
  }

  /** The viewer drew `bytes` of what it was handed. */
  drawn(bytes: number): void {
    this.#unacked = Math.max(0, this.#unacked - bytes);
    this.#grace = Math.max(0, this.#grace - bytes);
  }

  /** Stops following the pane. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#generation++;
    this.#drop();
  }

  async #sync(withHistory: boolean): Promise<void> {
    const generation = ++this.#generation;
    const current = () => generation === this.#generation && !this.#closed;
    if (this.#flooding) {
      this.#flooding = false;
      this.#viewer.flooding?.(false);
    }
    this.#rate = { start: performance.now(), bytes: 0 };
    // Output that comes before the picture is handed over waits for it.
    let held: string[] | undefined = [];
    const { pane } = this;
    try {
      const { snapshot, off } = await this.#source.subscribeFrom(
        { pane, mode: "visible", ansi: true },
        { topics: ["pane.output"], panes: [pane] },
        (event: WeftEvent) => {
          if (!current() || event.topic !== "pane.output") return;
          const data = (event.data as { data: string }).data;
          if (held) held.push(data);
          else this.#output(data);
        },
        {
          dropped: () => {
            if (!current()) return;
            this.#viewer.gap?.();
            void this.resync();
          },
        } satisfies SubscribeOptions,
      );
      if (!current()) return off();
      // The previous subscription ends once this one is in place: nothing falls between.
      this.#drop();
      this.#off = off;
      // Read after the screen: the lines above it have settled into the history.
      const history = withHistory ? await this.#history() : undefined;
      if (!current()) return;
      this.#modes = snapshot.modes;
      const size = this.#viewer.picture({ screen: snapshot, history, copy: false }) ?? 0;
      // A picture with history can be large: output that follows is not a flood for that.
      this.#unacked += size;
      this.#grace = size;
      const queued = held;
      held = undefined;
      for (const data of queued) if (current()) this.#output(data);
    } catch (err) {
      if (current()) this.#viewer.error?.(err);
    }
  }

  #history(): Promise<HistoryRead | undefined> {
    const input = { pane: this.pane, mode: "recent", lines: this.#options.historyLines() };
    return this.#source.call("pane.read", { ...input, ansi: true } as PaneReadInput)
      .catch(() => undefined);
  }

  #output(data: string): void {
    if (this.#floods(data.length)) return this.#flood();
    this.#unacked += data.length;
    this.#viewer.output(data);
  }

  /** Counts output; true once it is past `floodBytes` (in flight, or this quarter second). */
  #floods(bytes: number): boolean {
    const { floodBytes, acks } = this.#options;
    if (acks) return this.#unacked - this.#grace + bytes > floodBytes;
    const now = performance.now();
    if (now - this.#rate.start > RATE_WINDOW_MS) this.#rate = { start: now, bytes: 0 };
    this.#rate.bytes += bytes;
    return this.#rate.bytes > floodBytes;
  }

  #drop(): void {
    const off = this.#off;
    this.#off = undefined;
    try {
      off?.();
    } catch { /* the connection is gone */ }
  }

  /** Stops listening to the pane and copies its screen instead. */
  #flood(): void {
    const generation = ++this.#generation;
    this.#drop();
    this.#flooding = true;
    this.#viewer.flooding?.(true);
    this.#copies.begin(performance.now());
    void this.#copyLoop(generation);
  }

  async #copyLoop(generation: number): Promise<void> {
    const current = () => generation === this.#generation && !this.#closed;
    const { tickMs } = this.#options.copies;
    let failed = false;
    while (current()) {
      await new Promise((r) => setTimeout(r, tickMs));
      // A viewer that says what it drew gets the next copy once it drew most of the last.
      if (!current() || (this.#options.acks && this.#unacked > this.#options.floodBytes / 4)) {
        continue;
      }
      const next = this.#copies.next(performance.now());
      if (next === "wait") continue;
      if (next === "stream") return void this.resync(this.#options.historyAfterFlood);
      try {
        const read = await this.#source.call("pane.read", { pane: this.pane, ansi: true });
        failed = false;
        if (!current() || !this.#copies.took(read)) continue;
        const screen = { ...read, ...(this.#modes ? { modes: this.#modes } : {}) };
        this.#unacked += this.#viewer.picture({ screen, history: undefined, copy: true }) ?? 0;
      } catch (err) {
        // Told once per run of failures (a closed pane's view is closed by its owner).
        if (current() && !failed) this.#viewer.error?.(err);
        failed = true;
      }
    }
  }
}
