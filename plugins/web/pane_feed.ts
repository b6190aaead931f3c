/**
 * One visible pane of one page: a snapshot, then its output stream, with its own flow control.
 * Output that arrives together (the events of one read of the plugin's channel) is sent as one
 * frame. Each pane counts its own bytes in flight (sent and not yet acknowledged by the page as
 * drawn): past `maxBytes` the pane floods. Like tmux skipping what nobody could read, its stream
 * is then dropped (not even listened to, so the core does not publish it to this plugin, where
 * it would queue ahead of other panes' echoes on the one channel) and its visible screen is
 * copied to the page about ten times a second, when the page has drawn the last copy; after a
 * second, once a copy shows the pane calmed down, the stream is tried again.
 *
 * Binary frame: byte 0 = 0 (snapshot: reset, then these bytes) or 1 (output), byte 1 = length
 * of the pane id, the id (ASCII), then the bytes.
 *
 * @module
 */

import { snapshotBytes } from "../../protocols/terminal/snapshot.ts";
import { ScreenCopies } from "../../protocols/terminal/screen_copies.ts";
import type { PageHost } from "./page_link.ts";

/** Frame kinds (byte 0 of a binary frame). */
export const SNAPSHOT = 0;
export const OUTPUT = 1;
/** A flooding pane's screen is copied at most this often. */
const POLL_MS = 100;
/** A flooding pane's stream is tried again after this long, once its output calmed down. */
const RETRY_MS = 1000;
/** Lines above the screen a pane's first snapshot brings, for the page's scrollback. */
const HISTORY_LINES = 1000;

/** What a feed needs from its page. */
export interface FeedDeps {
  host: PageHost;
  /** Tells the page a pane started or stopped flooding (it shows copies meanwhile). */
  flooding?: (pane: string, on: boolean) => void;
  /** Sends a binary frame to the page. */
  send: (frame: Uint8Array) => void;
  /** Bytes in flight to one pane past which its output is dropped and it is resynced. */
  maxBytes: number;
  /** A flooding pane's screen is copied at most this often (ms; default 100). */
  pollMs?: number;
  /** A flooding pane's stream is tried again after this long (ms; default 1000). */
  retryMs?: number;
}

const encoder = new TextEncoder();

/** Encodes a binary frame. */
export function encodeFrame(kind: number, pane: string, text: string): Uint8Array {
  const id = encoder.encode(pane);
  const body = encoder.encode(text);
  const out = new Uint8Array(2 + id.length + body.length);
  out[0] = kind;
  out[1] = id.length;
  out.set(id, 2);
  out.set(body, 2 + id.length);
  return out;
}

/** One pane's feed to one page. */
export class PaneFeed {
  readonly pane: string;
  /** The pane's size in the layout last sent (`COLSxROWS`). */
  size: string;
  #deps: FeedDeps;
  #off: () => void = () => {};
  /** Bytes sent that the page has not acknowledged as drawn. */
  #unacked = 0;
  /** Of those, the last snapshot's (frames are drawn in order, so the first acknowledged). */
  #grace = 0;
  /** The pane floods: its stream is dropped and its screen copied. */
  #stale = false;
  #copies: ScreenCopies;
  #polling = false;
  /** The next snapshot brings history too (the first one, and after a resize). */
  #first = true;
  /** Output events held while a snapshot is read. */
  #held: string[] | undefined;
  /** Output waiting for the end of this turn. */
  #queued = "";
  #flushing = false;
  #closed = false;

  constructor(pane: string, size: string, deps: FeedDeps) {
    this.pane = pane;
    this.size = size;
    this.#deps = deps;
    // Copied until it calmed down: one that only redraws (a full-screen program) is calm too.
    this.#copies = new ScreenCopies({
      everyMs: deps.pollMs ?? POLL_MS,
      retryMs: deps.retryMs ?? RETRY_MS,
      untilCalm: true,
    });
    this.#off = this.#listen();
    void this.snapshot();
  }

  /** The page drew `bytes` of this pane's frames. */
  ack(bytes: number): void {
    this.#unacked = Math.max(0, this.#unacked - bytes);
    this.#grace = Math.max(0, this.#grace - bytes);
  }

  /** The pane's size changed: the server's screen reflowed, so copy it (replaying is not exact). */
  resized(size: string): void {
    this.size = size;
    this.#first = true;
    void this.snapshot();
  }

  /** The pane's program was started again (respawned): copy its new screen and history. */
  renew(): void {
    this.#first = true;
    void this.snapshot();
  }

  /** While the pane floods: copies its screen, or tries its stream again, once the page drew. */
  tick(now: number): void {
    if (!this.#stale || this.#held || this.#polling) return;
    if (this.#unacked > this.#deps.maxBytes / 4) return;
    const next = this.#copies.next(now);
    if (next === "wait") return;
    if (next === "copy") return void this.#poll();
    // Back to the stream, with the history the copies skipped, for the page's scrollback.
    this.#first = true;
    void this.snapshot();
  }

  /** Copies the visible screen, when it changed, without listening to the stream. */
  async #poll(): Promise<void> {
    this.#polling = true;
    try {
      const read = await this.#deps.host.call("pane.read", {
        pane: this.pane,
        ansi: true,
      });
      if (!this.#copies.took(read) || this.#closed || !this.#stale) return;
      this.#frame(SNAPSHOT, snapshotBytes(read, undefined, read.text.split("\n").length));
    } catch (err) {
      this.#deps.host.log(`cannot copy pane ${this.pane}: ${(err as Error).message}`);
    } finally {
      this.#polling = false;
    }
  }

  /** Sends a fresh snapshot of the pane (the first one brings history for the scrollback). */
  async snapshot(): Promise<void> {
    const { host } = this.#deps;
    this.#held = [];
    this.#queued = "";
    // Listening again before the read: the subscription reaches the bus first.
    if (this.#stale) {
      this.#off = this.#listen();
      this.#deps.flooding?.(this.pane, false);
    }
    this.#stale = false;
    try {
      // Only a pane's first snapshot brings history: a resync keeps the page's scrollback short.
      const history = this.#first
        ? await host.call("pane.read", {
          pane: this.pane,
          mode: "recent",
          lines: HISTORY_LINES,
          ansi: true,
        })
        : undefined;
      this.#first = false;
      const read = await host.call("pane.read", { pane: this.pane, ansi: true });
      if (this.#closed) return;
      const rows = read.text.split("\n").length;
      // A snapshot with history can be large: output that follows it is not a flood for that.
      this.#grace = this.#frame(SNAPSHOT, snapshotBytes(read, history, rows));
    } catch (err) {
      host.log(`cannot snapshot pane ${this.pane}: ${(err as Error).message}`);
    }
    // Output held while the read was on its way was already on the screen it read.
    this.#held = undefined;
  }

  /** Stops listening. */
  close(): void {
    this.#closed = true;
    this.#off();
  }

  #listen(): () => void {
    const filter = { topics: ["pane.output"], panes: [this.pane] };
    return this.#deps.host.subscribe(filter, (event) => {
      const data = (event.data as { data: string }).data;
      if (this.#held) return void this.#held.push(data);
      if (this.#stale || this.#closed) return;
      this.#queued += data;
      const inFlight = this.#unacked - this.#grace + this.#queued.length;
      if (inFlight > this.#deps.maxBytes) return this.#flood();
      if (!this.#flushing) {
        this.#flushing = true;
        queueMicrotask(() => this.#flush());
      }
    }, {
      // The server dropped some of this pane's output on its way here (this plugin fell 2 MiB
      // behind): what follows would not join what the page has, so it gets a fresh copy.
      dropped: () => {
        if (this.#stale || this.#closed) return;
        this.#deps.host.log(
          `pane ${this.pane}: output was dropped on its way here; copying it again`,
        );
        void this.snapshot();
      },
    });
  }

  #flush(): void {
    this.#flushing = false;
    const data = this.#queued;
    this.#queued = "";
    if (!data || this.#stale || this.#closed) return;
    this.#frame(OUTPUT, data);
  }

  /** The page cannot take this pane's output: stop listening, copy its screen instead. */
  #flood(): void {
    this.#deps.flooding?.(this.pane, true);
    this.#stale = true;
    this.#queued = "";
    this.#copies.begin(performance.now());
    this.#off();
    this.#off = () => {};
  }

  /** Sends a frame; returns its size. */
  #frame(kind: number, text: string): number {
    const frame = encodeFrame(kind, this.pane, text);
    this.#unacked += frame.length;
    this.#deps.send(frame);
    return frame.length;
  }
}
