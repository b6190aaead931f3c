/**
 * What a connection has to write, written as the client reads them: replies and events about
 * no pane first, then each pane's events in turn (see {@link FairQueue}), so a pane that floods
 * never holds up a reply or a quiet pane's echo; each lane keeps its order. It keeps count of
 * the unsent bytes so the connection can stop reading requests from a client that does not
 * read its replies, and drops a client that stays far behind.
 *
 * @module
 */

/** Limits of one connection's unsent replies. */
export interface FlowLimits {
  /** Past this many unsent bytes, the connection reads no more requests. */
  softBytes: number;
  /** A client whose unsent bytes stay past this for `hardGraceMs` is dropped. */
  hardBytes: number;
  hardGraceMs: number;
  /** A client past `softBytes` that reads nothing for this long is dropped. */
  stallMs: number;
  /** After the client closed its write side: how often to check that it still reads. */
  probeMs: number;
}

/** Default {@link FlowLimits}. */
export const FLOW_DEFAULTS: FlowLimits = {
  softBytes: 16 * 1024 * 1024,
  hardBytes: 64 * 1024 * 1024,
  hardGraceMs: 2_000,
  stallMs: 10_000,
  probeMs: 500,
};

import { WeftError } from "../../protocols/bus/errors.ts";
import { FairQueue } from "../bus/fair_queue.ts";
import type { Backlog } from "../edge/party.ts";

/** What an {@link Outbox} reports to its connection. */
export interface OutboxOptions {
  limits: FlowLimits;
  /** The client must go: `reason` says why, or is null when the client is simply gone. */
  onFail: (reason: WeftError | null) => void;
  /** A batch was written (the client is reading). */
  onWritten: () => void;
}

/** Writes are batched up to this size (many small events, one syscall). */
const BATCH_BYTES = 64 * 1024;

/** The write side of one connection. */
export class Outbox {
  #conn: Deno.Conn;
  #limits: FlowLimits;
  #onFail: (reason: WeftError | null) => void;
  #onWritten: () => void;
  #queue = new FairQueue<Uint8Array>();
  #queued = 0;
  #writing = false;
  #closed = false;
  #progressAt = performance.now();
  #overHardSince: number | undefined;
  #watch: ReturnType<typeof setInterval> | undefined;

  constructor(conn: Deno.Conn, options: OutboxOptions) {
    this.#conn = conn;
    this.#limits = options.limits;
    this.#onFail = options.onFail;
    this.#onWritten = options.onWritten;
  }

  /** Bytes queued and not yet written. */
  get queued(): number {
    return this.#queued;
  }

  /** Whether the client is so far behind that no more requests should be read. */
  get full(): boolean {
    return this.#queued > this.#limits.softBytes;
  }

  /** Bytes unsent in all, and queued in `lane` (a pane's events) and not yet taken for a write. */
  backlog(lane?: string): Backlog {
    return { all: this.#queued, lane: lane === undefined ? 0 : this.#queue.sizeOf(lane) };
  }

  /**
   * Queues bytes for the client: in the main lane (replies, events about no pane), or in the
   * lane of a pane, which waits its turn behind the main lane and shares it with other panes.
   */
  push(bytes: Uint8Array, lane?: string): void {
    if (this.#closed) return;
    this.#queue.push(bytes, bytes.length, lane);
    this.#queued += bytes.length;
    if (this.full) this.#startWatch();
    if (!this.#writing) this.#flush();
  }

  /**
   * Checks that a client which closed its write side still reads: a blank line (which line
   * readers skip) fails to write once the client is gone. Skipped while writes are queued:
   * those fail the same way.
   */
  probe(): void {
    if (this.#closed || this.#writing || this.#queued) return;
    this.push(new Uint8Array([0x0a]));
  }

  /** Stops writing; queued bytes are dropped. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#queue.clear();
    this.#queued = 0;
    clearInterval(this.#watch);
  }

  /** Stops writing, then gives `last` (a last line) a moment to go out, and closes the socket. */
  farewell(last: Uint8Array): void {
    this.close();
    const conn = this.#conn;
    // The socket is likely full: give the line a moment, then close regardless.
    const timer = setTimeout(() => closeQuietly(conn), 100);
    conn.write(last).catch(() => {}).finally(() => {
      clearTimeout(timer);
      closeQuietly(conn);
    });
  }

  async #flush(): Promise<void> {
    this.#writing = true;
    try {
      while (!this.#queue.empty && !this.#closed) {
        const batch = this.#take();
        let off = 0;
        while (off < batch.length) {
          const n = await this.#conn.write(batch.subarray(off));
          if (this.#closed) return;
          off += n;
          this.#queued -= n;
          this.#progressAt = performance.now();
        }
        this.#onWritten();
      }
    } catch {
      if (!this.#closed) this.#onFail(null);
    } finally {
      this.#writing = false;
    }
  }

  /** The next write: one queued chunk, or several small ones joined. */
  #take(): Uint8Array {
    const parts = this.#queue.take(BATCH_BYTES);
    if (parts.length === 1) return parts[0]!;
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }

  /** While the client is behind: drop it once it stays past the hard limit or stalls. */
  #startWatch(): void {
    if (this.#watch !== undefined) return;
    // The stall clock starts when the client falls behind, not at its last write (an idle
    // client's last write may be long ago).
    this.#progressAt = performance.now();
    const every = Math.max(10, Math.min(this.#limits.hardGraceMs, this.#limits.stallMs) / 4);
    const watch = setInterval(() => this.#check(), every);
    Deno.unrefTimer(watch);
    this.#watch = watch;
  }

  #check(): void {
    const now = performance.now();
    if (!this.full) {
      clearInterval(this.#watch);
      this.#watch = undefined;
      this.#overHardSince = undefined;
      return;
    }
    const limits = this.#limits;
    if (this.#queued > limits.hardBytes) this.#overHardSince ??= now;
    else this.#overHardSince = undefined;
    const mib = (n: number) => `${Math.round(n / (1024 * 1024))} MiB`;
    const fail = (reason: WeftError) => {
      clearInterval(this.#watch);
      this.#onFail(reason);
    };
    if (this.#overHardSince !== undefined && now - this.#overHardSince >= limits.hardGraceMs) {
      fail(
        new WeftError(
          "TOO_LARGE",
          `Cannot keep serving this client: ${mib(this.#queued)} of replies are unread ` +
            `(limit ${mib(limits.hardBytes)})`,
        ),
      );
    } else if (now - this.#progressAt >= limits.stallMs) {
      fail(
        new WeftError(
          "TIMEOUT",
          `Cannot keep serving this client: it read none of ${mib(this.#queued)} of replies ` +
            `for ${limits.stallMs} ms`,
        ),
      );
    }
  }
}

/** Closes `conn`, which may be closed already. */
export function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch { /* already closed */ }
}
