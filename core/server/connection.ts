/**
 * One control-socket client: JSON-RPC 2.0 lines in, replies and event notifications out.
 * A bad line gets an error and the connection stays usable; a vanished client cancels its
 * in-flight calls; a slow reader loses events (and is told), never memory. A client that does
 * not read its replies is not read either, and is dropped if it stays far behind; a client
 * that closes only its write side still gets the answers to what it asked.
 *
 * @module
 */

import type { Bus, Caller, WeftEvent } from "../bus/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { helloCaller, type PaneProof } from "./_hello.ts";
import type { AttachedSizes } from "./attached_sizes.ts";
import { unparsedTail } from "./_snapshot_tail.ts";
import { FLOW_DEFAULTS, type FlowLimits, Outbox } from "./_outbox.ts";
import { eventsBehind, laneOf } from "../bus/fair_queue.ts";
import { RequestQueue } from "./_request_queue.ts";
import {
  encodeMessage,
  errorToRpc,
  type JsonRpcId,
  type JsonRpcMessage,
  type JsonRpcRequest,
  LineDecoder,
  parseMessage,
  RPC_ERRORS,
} from "../../protocols/jsonrpc/mod.ts";

/** Protocol version of the control socket. */
export const CONTROL_PROTOCOL = 1;
const READ_BYTES = 64 * 1024;

/** What a connection needs from the server (and, to believe a client's pane, {@link PaneProof}). */
export interface ConnectionOptions extends PaneProof {
  bus: Bus;
  id: string;
  maxLineBytes: number;
  /** Facts for `server.hello`. */
  hello: () => Record<string, unknown>;
  /** Attached clients' terminal sizes (the `attach` method); none: `attach` is refused. */
  sizes?: AttachedSizes;
  /** A pane's screen right now: unparsed output bytes and input modes (for snapshots). */
  paneScreen?: (pane: string) => { pendingBytes: number; modes: unknown } | undefined;
  /** Limits on a client's unread replies (tests shrink them). */
  flow?: Partial<FlowLimits>;
  /** A client that sends no request this long after connecting is closed (none: never). */
  firstRequestMs?: number;
}

/** Serves one client until it disconnects. */
export class Connection {
  #conn: Deno.Conn;
  #options: ConnectionOptions;
  #caller: Caller;
  #inflight = new Map<string, AbortController>();
  #subs = new Map<string, () => void>();
  #nextSub = 1;
  #dropped = 0;
  #closed = false;
  #encoder = new TextEncoder();
  #flow: FlowLimits;
  #outbox: Outbox;
  #requests: RequestQueue;
  #moved: (() => void)[] = [];
  #silent: ReturnType<typeof setTimeout> | undefined;

  constructor(conn: Deno.Conn, options: ConnectionOptions) {
    this.#conn = conn;
    this.#options = options;
    this.#caller = { kind: "socket", id: options.id, grants: "all" };
    this.#flow = { ...FLOW_DEFAULTS, ...options.flow };
    this.#outbox = new Outbox(conn, {
      limits: this.#flow,
      onFail: (reason) => reason ? this.#drop(reason) : this.close(),
      onWritten: () => this.#requests.pump(),
    });
    this.#requests = new RequestQueue({
      run: (request) => this.#handle(request),
      held: () => this.#closed || this.#outbox.full,
      changed: () => this.#wake(),
    });
  }

  /** Reads requests until the client closes its side, answers them, then cleans up. */
  async serve(): Promise<void> {
    const ms = this.#options.firstRequestMs;
    if (ms !== undefined) this.#silent = setTimeout(() => this.close(), ms);
    try {
      if (await this.#readRequests()) await this.#answerAfterEof();
    } finally {
      this.close();
    }
  }

  /** Drops subscriptions, cancels in-flight calls, closes the socket. */
  close(): void {
    if (this.#closed) return;
    this.#shutdown();
    closeQuietly(this.#conn);
  }

  #shutdown(): void {
    this.#closed = true;
    clearTimeout(this.#silent);
    this.#options.sizes?.set(this.#options.id, null).catch(() => {});
    for (const off of this.#subs.values()) off();
    this.#subs.clear();
    for (const ac of this.#inflight.values()) {
      ac.abort(new WeftError("CANCELLED", "Cannot finish the call: the client disconnected"));
    }
    this.#inflight.clear();
    this.#requests.clear();
    this.#outbox.close();
    this.#wake();
  }

  /**
   * Reads and starts requests until the client closes its write side (true) or the
   * connection fails (false). While the client is behind on its replies, or has more
   * requests waiting than run at once, its socket is not read.
   */
  async #readRequests(): Promise<boolean> {
    const decoder = new LineDecoder({ maxLineBytes: this.#options.maxLineBytes });
    // Not `conn.readable`: it closes the whole socket at EOF, and a half-closed client reads on.
    const buffer = new Uint8Array(READ_BYTES);
    try {
      while (!this.#closed) {
        if (this.#outbox.full || this.#requests.full) {
          await this.#nextMove();
          continue;
        }
        const n = await this.#conn.read(buffer);
        if (n === null) {
          for (const item of decoder.end()) this.#onLine(item); // a last line without "\n"
          return !this.#closed;
        }
        for (const item of decoder.push(buffer.subarray(0, n))) this.#onLine(item);
      }
    } catch {
      // The client vanished mid-read: same as a close.
    }
    return false;
  }

  /**
   * After the client closed its write side: answers what it asked (and keeps its event
   * streams) while it still reads. While calls run, blank-line probes notice a client that is
   * gone for good, whose calls are then cancelled (events find that out by themselves).
   */
  async #answerAfterEof(): Promise<void> {
    const probe = setInterval(() => {
      if (this.#requests.pending) this.#outbox.probe();
    }, this.#flow.probeMs);
    try {
      while (
        !this.#closed &&
        (this.#requests.pending || this.#outbox.queued || this.#subs.size)
      ) {
        await this.#nextMove();
      }
    } finally {
      clearInterval(probe);
    }
  }

  /** A `cancel` for a request that has not started: it ends with CANCELLED, unstarted. */
  #cancelWaiting(params: unknown): void {
    const id = (params as { id?: JsonRpcId } | null)?.id;
    if (id === undefined || !this.#requests.unqueue(id)) return;
    const err = new WeftError("CANCELLED", "Cannot finish the call: the client cancelled it");
    this.#send({ jsonrpc: "2.0", id, error: errorToRpc(err.toBody()) });
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

  /** Drops a client that stays too far behind: a log line, and a last error line if it fits. */
  #drop(reason: WeftError): void {
    if (this.#closed) return;
    console.error(`weft: dropped client ${this.#options.id}: ${reason.message}`);
    const conn = this.#conn;
    this.#shutdown();
    const last = encodeMessage({ jsonrpc: "2.0", id: null, error: errorToRpc(reason.toBody()) });
    // The socket is likely full: give the line a moment, then close regardless.
    const timer = setTimeout(() => closeQuietly(conn), 100);
    conn.write(this.#encoder.encode(last)).catch(() => {}).finally(() => {
      clearTimeout(timer);
      closeQuietly(conn);
    });
  }

  #onLine(item: { line: string } | { tooLarge: number }): void {
    clearTimeout(this.#silent);
    if ("tooLarge" in item) {
      return this.#send({
        jsonrpc: "2.0",
        id: null,
        error: {
          code: RPC_ERRORS.INVALID_REQUEST,
          message: `Cannot read request: line of ${item.tooLarge} bytes is over the ` +
            `${this.#options.maxLineBytes}-byte limit`,
          data: { code: "TOO_LARGE" },
        },
      });
    }
    const parsed = parseMessage(item.line);
    if ("error" in parsed) return this.#send(parsed.error);
    const message = parsed.message;
    if (!("method" in message)) return; // a response from a client: nothing asked for it
    if (message.method === "cancel") {
      this.#cancelWaiting(message.params);
      return this.#requests.startNow(message);
    }
    this.#requests.push(message, item.line.length);
  }

  async #handle(request: JsonRpcRequest): Promise<void> {
    const { id, method } = request;
    const params = request.params ?? {};
    // An answer about a pane keeps its place among that pane's events; others go first.
    const lane = laneOf(params, (ref) => this.#options.bus.paneId(ref));
    const reply = (result: unknown) =>
      id !== undefined && this.#send({ jsonrpc: "2.0", id, result }, lane);
    const fail = (err: WeftError) =>
      id !== undefined &&
      this.#send({ jsonrpc: "2.0", id, error: errorToRpc(err.toBody()) }, lane);
    try {
      switch (method) {
        case "server.hello":
          return void reply(this.#hello(params));
        case "subscribe":
          return void (await this.#subscribe(params, reply));
        case "attach":
          return void reply(await this.#attach(params));
        case "unsubscribe":
          return void reply(this.#unsubscribe(params));
        case "cancel":
          this.#inflight.get(this.#key((params as { id?: JsonRpcId }).id ?? null))?.abort(
            new WeftError("CANCELLED", "Cannot finish the call: the client cancelled it"),
          );
          return void reply({ cancelled: true });
      }
    } catch (err) {
      return void fail(
        err instanceof WeftError ? err : new WeftError("INVALID_INPUT", String(err)),
      );
    }
    const ac = new AbortController();
    const key = this.#key(id ?? null);
    if (id !== undefined) this.#inflight.set(key, ac);
    const result = await this.#options.bus.call(method, params, {
      caller: this.#caller,
      requestId: `${this.#options.id}:${String(id ?? "-")}`,
      signal: ac.signal,
    });
    if (id !== undefined) this.#inflight.delete(key);
    if (this.#closed || id === undefined) return;
    if (result.ok) this.#send({ jsonrpc: "2.0", id, result: result.value ?? null }, lane);
    else this.#send({ jsonrpc: "2.0", id, error: errorToRpc(result.error) }, lane);
  }

  #key(id: JsonRpcId): string {
    return `${typeof id}:${String(id)}`;
  }

  #hello(params: unknown): Record<string, unknown> {
    // Subscriptions were checked against the rights they were made with.
    if (Array.isArray((params as { grants?: unknown } | null)?.grants) && this.#subs.size) {
      throw new WeftError(
        "CONFLICT",
        "Cannot change this client's rights: it has subscriptions; say server.hello first",
      );
    }
    const { caller, paneRefused } = helloCaller(this.#caller, params, {
      id: this.#options.id,
      paneExists: this.#options.paneExists,
      paneKey: this.#options.paneKey,
    });
    this.#caller = caller;
    return {
      ...this.#options.hello(),
      protocol: CONTROL_PROTOCOL,
      client: caller.id,
      pane: caller.pane ?? null,
      ...(paneRefused ? { paneRefused } : {}),
    };
  }

  /**
   * With `snapshot` (pane.read input for one pane), the reply carries that read plus the
   * pane's input modes, and the output events that follow are exactly what the read did not
   * show: the events held back while it was taken are cut to the output the screen had not
   * parsed yet. A client-side screen mirror needs exactly that.
   */
  async #subscribe(params: unknown, reply: (result: unknown) => void): Promise<void> {
    const p = (params ?? {}) as { topics?: unknown; panes?: unknown; snapshot?: unknown };
    const topics = Array.isArray(p.topics) ? p.topics.map(String) : [];
    if (!topics.length) {
      throw new WeftError("INVALID_INPUT", 'Cannot subscribe: give topics, e.g. ["pane.*"]');
    }
    const panes = Array.isArray(p.panes) ? p.panes.map(String) : undefined;
    const subscription = `sub${this.#nextSub++}`;
    const held: WeftEvent[] = [];
    let holding = p.snapshot !== undefined;
    // The bus checks the client's rights: a topic it may not receive is refused (`DENIED`).
    const off = this.#options.bus.events.subscribe(
      panes ? { topics, panes } : { topics },
      (event) => holding ? held.push(event) : this.#event(subscription, event),
      this.#caller,
    );
    this.#subs.set(subscription, off);
    if (!holding) return reply({ subscription });
    const read = await this.#options.bus.call("pane.read", p.snapshot, {
      caller: this.#caller,
      requestId: `${this.#options.id}:${subscription}`,
    });
    if (!read.ok) {
      off();
      this.#subs.delete(subscription);
      throw WeftError.fromBody(read.error);
    }
    // No I/O since the read was taken (parsing and PTY reads are macrotasks): the pane's
    // pending bytes and modes are as they were when the read was taken.
    const value = read.value as { pane: string };
    const live = this.#options.paneScreen?.(value.pane);
    reply({ subscription, snapshot: { ...value, ...(live ? { modes: live.modes } : {}) } });
    holding = false;
    for (const event of unparsedTail(held, live?.pendingBytes ?? 0)) {
      this.#event(subscription, event);
    }
  }

  /** `attach {session?, cols, rows}`: this client shows `session` in a terminal of this size. */
  async #attach(params: unknown): Promise<Record<string, unknown>> {
    const sizes = this.#options.sizes;
    if (!sizes) {
      throw new WeftError("UNAVAILABLE", "Cannot attach: this server does not track client sizes");
    }
    const p = (params ?? {}) as {
      session?: unknown;
      cols?: unknown;
      rows?: unknown;
      detach?: unknown;
    };
    if (p.detach === true) {
      await sizes.set(this.#options.id, null);
      return { detached: true };
    }
    const cols = Number(p.cols);
    const rows = Number(p.rows);
    const whole = Number.isInteger(cols) && Number.isInteger(rows);
    if (!whole || cols < 2 || rows < 2 || cols > 2000 || rows > 1000) {
      throw new WeftError(
        "INVALID_INPUT",
        "Cannot attach: cols (2–2000) and rows (2–1000) must be whole numbers",
      );
    }
    if (p.session !== undefined && typeof p.session !== "string") {
      throw new WeftError("INVALID_INPUT", "Cannot attach: session must be an id or a name");
    }
    const session = p.session as string | undefined;
    const entry = await sizes.set(
      this.#options.id,
      { ...(session ? { session } : {}), cols, rows },
      this.#caller,
    );
    return { ...entry };
  }

  #unsubscribe(params: unknown): { unsubscribed: boolean } {
    const id = String((params as { subscription?: unknown } | null)?.subscription ?? "");
    const off = this.#subs.get(id);
    off?.();
    this.#subs.delete(id);
    return { unsubscribed: !!off };
  }

  /**
   * Queues an event: one about a pane in that pane's lane of the outbox (a pane's events keep
   * their order; a flooding pane's wait behind replies and other panes'), others with replies.
   */
  #event(subscription: string, event: WeftEvent): void {
    const lane = event.pane;
    const outbox = this.#outbox;
    if (eventsBehind(outbox.queued, lane === undefined ? undefined : outbox.queuedIn(lane))) {
      this.#dropped++;
      return;
    }
    if (this.#dropped) {
      const dropped = this.#dropped;
      this.#dropped = 0;
      this.#send({ jsonrpc: "2.0", method: "events.dropped", params: { count: dropped } });
    }
    this.#send({ jsonrpc: "2.0", method: "event", params: { subscription, ...event } }, lane);
  }

  #send(message: JsonRpcMessage, lane?: string): void {
    if (this.#closed) return;
    this.#outbox.push(this.#encoder.encode(encodeMessage(message)), lane);
  }
}

function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch { /* already closed */ }
}
