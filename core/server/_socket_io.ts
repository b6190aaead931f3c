/**
 * The transport under one control-socket client: reads its lines while it keeps up (not while
 * it is behind on its replies, or has more requests waiting than run at once), writes fairly
 * per pane ({@link Outbox}), starts requests in order ({@link RequestQueue}), and after the
 * client closes its write side answers what it asked while it still reads.
 *
 * @module
 */

import type { WeftError } from "../../protocols/bus/errors.ts";
import { type JsonRpcRequest, LineDecoder } from "../../protocols/jsonrpc/mod.ts";
import { closeQuietly, FLOW_DEFAULTS, type FlowLimits, Outbox } from "./_outbox.ts";
import { RequestQueue } from "./_request_queue.ts";

const READ_BYTES = 64 * 1024;

/** What a {@link SocketIo} needs from its connection. */
export interface SocketIoOptions {
  maxLineBytes: number;
  flow?: Partial<FlowLimits>;
  /** A client that sends no line this long after connecting is closed (none: never). */
  firstLineMs?: number;
  /** One line read (or one over the limit). */
  onLine: (item: { line: string } | { tooLarge: number }) => void;
  /** Runs one request to its end. */
  run: (request: JsonRpcRequest) => Promise<void>;
  /** The client must go: `reason` says why, or is null when it is simply gone. */
  onFail: (reason: WeftError | null) => void;
}

/** One client's socket: reading, request pacing, fair writes. */
export class SocketIo {
  #conn: Deno.Conn;
  #o: SocketIoOptions;
  #flow: FlowLimits;
  #closed = false;
  #moved: (() => void)[] = [];
  #silent: ReturnType<typeof setTimeout> | undefined;
  readonly outbox: Outbox;
  readonly requests: RequestQueue;

  constructor(conn: Deno.Conn, options: SocketIoOptions) {
    this.#conn = conn;
    this.#o = options;
    this.#flow = { ...FLOW_DEFAULTS, ...options.flow };
    this.outbox = new Outbox(conn, {
      limits: this.#flow,
      onFail: options.onFail,
      onWritten: () => this.requests.pump(),
    });
    this.requests = new RequestQueue({
      run: options.run,
      held: () => this.#closed || this.outbox.full,
      changed: () => this.#wake(),
    });
  }

  /**
   * Reads until the client closes its write side, then (`streams`: its live subscriptions)
   * answers what it asked while it still reads.
   */
  async serve(streams: () => number): Promise<void> {
    const ms = this.#o.firstLineMs;
    if (ms !== undefined) this.#silent = setTimeout(() => this.#o.onFail(null), ms);
    if (await this.#readRequests()) await this.#answerAfterEof(streams);
  }

  /** Stops reading and writing; `last` (a last line) is given a moment to go out. */
  close(last?: Uint8Array): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#silent);
    this.requests.clear();
    if (last) this.outbox.farewell(last);
    else {
      this.outbox.close();
      closeQuietly(this.#conn);
    }
    this.#wake();
  }

  /** Reads and starts requests until EOF (true) or a failure or close (false). */
  async #readRequests(): Promise<boolean> {
    const decoder = new LineDecoder({ maxLineBytes: this.#o.maxLineBytes });
    // Not `conn.readable`: it closes the whole socket at EOF, and a half-closed client reads on.
    const buffer = new Uint8Array(READ_BYTES);
    try {
      while (!this.#closed) {
        if (this.outbox.full || this.requests.full) {
          await this.#nextMove();
          continue;
        }
        const n = await this.#conn.read(buffer);
        if (n === null) {
          for (const item of decoder.end()) this.#line(item); // a last line without "\n"
          return !this.#closed;
        }
        for (const item of decoder.push(buffer.subarray(0, n))) this.#line(item);
      }
    } catch {
      // The client vanished mid-read: same as a close.
    }
    return false;
  }

  /**
   * After EOF: while calls run, blank-line probes notice a client that is gone for good, whose
   * calls are then cancelled (events find that out by themselves).
   */
  async #answerAfterEof(streams: () => number): Promise<void> {
    const probe = setInterval(() => {
      if (this.requests.pending) this.outbox.probe();
    }, this.#flow.probeMs);
    try {
      while (!this.#closed && (this.requests.pending || this.outbox.queued || streams())) {
        await this.#nextMove();
      }
    } finally {
      clearInterval(probe);
    }
  }

  #line(item: { line: string } | { tooLarge: number }): void {
    clearTimeout(this.#silent);
    this.#o.onLine(item);
  }

  /** Resolves on the next change that may unblock reading: a write, a call ending, a close. */
  #nextMove(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    return new Promise((resolve) => this.#moved.push(resolve));
  }

  #wake(): void {
    const moved = this.#moved;
    this.#moved = [];
    for (const resolve of moved) resolve();
  }
}
