/**
 * When a connection starts the requests it has read: in order, at once while the client keeps
 * up, held back while quick calls are piling up replies or the client is behind on reading
 * them. Calls that take long (waits) stop counting after a moment, so they never hold up the
 * rest.
 *
 * @module
 */

import type { JsonRpcId, JsonRpcRequest } from "../../protocols/jsonrpc/mod.ts";

/** Calls started in the last {@link FRESH_MS} and still running: past this, more wait. */
const MAX_FRESH = 8;
const FRESH_MS = 250;
/** Calls running at once, however long. */
const MAX_RUNNING = 256;
/** Requests read but not started: past these, the client's socket should not be read. */
const MAX_WAITING = 256;
const MAX_WAITING_CHARS = 16 * 1024 * 1024;

/** What a {@link RequestQueue} needs from its connection. */
export interface RequestQueueOptions {
  /** Runs one request to its end (its reply sent or dropped). */
  run: (request: JsonRpcRequest) => Promise<void>;
  /** True while no request may start (the client is behind on its replies, or is gone). */
  held: () => boolean;
  /** Something started or ended: the connection may read again or be done. */
  changed: () => void;
}

/** The requests of one connection that have been read and not finished. */
export class RequestQueue {
  #options: RequestQueueOptions;
  #waiting: { request: JsonRpcRequest; chars: number }[] = [];
  #chars = 0;
  #running = 0;
  #fresh = 0;

  constructor(options: RequestQueueOptions) {
    this.#options = options;
  }

  /** Requests read and not yet finished (started or not). */
  get pending(): number {
    return this.#waiting.length + this.#running;
  }

  /** Whether so much waits that the client's socket should not be read. */
  get full(): boolean {
    return this.#waiting.length >= MAX_WAITING || this.#chars >= MAX_WAITING_CHARS;
  }

  /** Queues a request (`chars`: its line's length) and starts what may start. */
  push(request: JsonRpcRequest, chars: number): void {
    this.#waiting.push({ request, chars });
    this.#chars += chars;
    this.pump();
  }

  /**
   * Starts a `cancel` now, past the queue: it must not wait behind what it cancels. The call
   * it names, if it has not started, is taken out of the queue and handed to `unstarted`.
   */
  cancel(request: JsonRpcRequest, unstarted: (id: JsonRpcId) => void): void {
    const id = (request.params as { id?: JsonRpcId } | null)?.id;
    if (id !== undefined && this.unqueue(id)) unstarted(id);
    this.#start(request);
  }

  /** Takes a request that has not started out of the queue; true if it was there. */
  unqueue(id: JsonRpcId): boolean {
    const i = this.#waiting.findIndex((w) => w.request.id === id);
    if (i < 0) return false;
    this.#chars -= this.#waiting.splice(i, 1)[0]!.chars;
    this.#options.changed();
    return true;
  }

  /** Drops the requests that have not started. */
  clear(): void {
    this.#waiting = [];
    this.#chars = 0;
  }

  /** Starts waiting requests while few are fresh and the connection does not hold them. */
  pump(): void {
    while (
      this.#waiting.length && this.#fresh < MAX_FRESH && this.#running < MAX_RUNNING &&
      !this.#options.held()
    ) {
      const { request, chars } = this.#waiting.shift()!;
      this.#chars -= chars;
      this.#start(request);
    }
    this.#options.changed();
  }

  #start(request: JsonRpcRequest): void {
    this.#running++;
    this.#fresh++;
    let fresh = true;
    const settled = () => {
      if (!fresh) return;
      fresh = false;
      this.#fresh--;
    };
    const stale = setTimeout(() => (settled(), this.pump()), FRESH_MS);
    this.#options.run(request)
      .catch((err) => console.error("weft: connection handler failed:", err))
      .finally(() => {
        clearTimeout(stale);
        settled();
        this.#running--;
        this.pump();
      });
  }
}
