/**
 * One visible pane of one page: the transport of a pane view (`PaneView` in the SDK, which
 * attaches with a snapshot, follows the output, copies a flooding pane's screen and starts again
 * after a gap). Output that arrives together (the events of one read of the plugin's channel) is
 * sent as one frame. The page acknowledges the bytes it drew; the view counts what is in flight
 * from them, once: past `maxBytes` the pane floods, and a copy is sent only once the page drew
 * most of the last frames. A pane's first snapshot, and one after a resize, a respawn or a
 * flood, brings history for the page's scrollback.
 *
 * Binary frame: byte 0 = 0 (snapshot: reset, then these bytes) or 1 (output), byte 1 = length
 * of the pane id, the id (ASCII), then the bytes.
 *
 * @module
 */

import { PaneView } from "@weft/weft/plugin";
import type { PanePicture } from "@weft/weft/plugin";
import { snapshotBytes } from "../../protocols/terminal/snapshot.ts";
import type { PageHost } from "./page_link.ts";

/** Frame kinds (byte 0 of a binary frame). */
export const SNAPSHOT = 0;
export const OUTPUT = 1;
/** A flooding pane's screen is copied at most this often. */
const POLL_MS = 100;
/** A flooding pane's stream is tried again after this long, once its output calmed down. */
const RETRY_MS = 1000;
/** How often a flooding pane's view looks whether the page drew enough for another copy. */
const TICK_MS = 25;
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
  #view: PaneView;
  /** Output waiting for the end of this turn. */
  #queued = "";
  #flushing = false;

  constructor(pane: string, size: string, deps: FeedDeps) {
    this.pane = pane;
    this.size = size;
    this.#deps = deps;
    const { host } = deps;
    this.#view = new PaneView(
      { subscribeFrom: host.subscribeFrom, call: (name, input) => host.call(name, input) },
      pane,
      {
        picture: (picture) => this.#picture(picture),
        output: (data) => this.#output(data),
        flooding: (on) => {
          this.#queued = "";
          deps.flooding?.(pane, on);
        },
        error: (err) => host.log(`cannot follow pane ${pane}: ${(err as Error).message}`),
        // The server dropped some of this pane's output on its way here (this plugin fell 2 MiB
        // behind): what follows would not join what the page has, so it gets a fresh copy.
        gap: () => host.log(`pane ${pane}: output was dropped on its way here; copying it again`),
      },
      {
        floodBytes: deps.maxBytes,
        acks: true,
        // Copied until it calmed down: one that only redraws (a full-screen program) is calm too.
        copies: {
          everyMs: deps.pollMs ?? POLL_MS,
          retryMs: deps.retryMs ?? RETRY_MS,
          untilCalm: true,
          tickMs: TICK_MS,
        },
        historyLines: () => HISTORY_LINES,
        historyAfterFlood: true,
      },
    );
    void this.#view.resync(true);
  }

  /** The page drew `bytes` of this pane's frames. */
  ack(bytes: number): void {
    this.#view.drawn(bytes);
  }

  /** The pane's size changed: the server's screen reflowed, so copy it (replaying is not exact). */
  resized(size: string): void {
    this.size = size;
    void this.#view.resync(true);
  }

  /** The pane's program was started again (respawned): copy its new screen and history. */
  renew(): void {
    void this.#view.resync(true);
  }

  /** Sends a fresh snapshot of the pane (the page asked: its copy went wrong). */
  snapshot(): Promise<void> {
    return this.#view.resync();
  }

  /** Stops listening. */
  close(): void {
    this.#view.close();
  }

  #picture({ screen, history }: PanePicture): number {
    // Output queued for this turn came before the picture, which shows it.
    this.#queued = "";
    return this.#frame(SNAPSHOT, snapshotBytes(screen, history, screen.text.split("\n").length));
  }

  #output(data: string): void {
    this.#queued += data;
    if (this.#flushing) return;
    this.#flushing = true;
    queueMicrotask(() => {
      this.#flushing = false;
      const data = this.#queued;
      this.#queued = "";
      if (data && !this.#view.flooding) this.#frame(OUTPUT, data);
    });
  }

  /** Sends a frame; returns its size. */
  #frame(kind: number, text: string): number {
    const frame = encodeFrame(kind, this.pane, text);
    this.#deps.send(frame);
    return frame.length;
  }
}
