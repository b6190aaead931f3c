/**
 * One control-socket client: a thin codec between JSON-RPC 2.0 lines and the client's
 * {@link Party} (which owns its identity, calls, subscriptions and backlog). A bad line gets
 * an error and the connection stays usable; a vanished client cancels its in-flight calls; a
 * client that does not read its replies is not read either, and is dropped if it stays far
 * behind; a client that closes only its write side still gets the answers to what it asked.
 *
 * @module
 */

import type { WeftError } from "../../protocols/bus/errors.ts";
import type { PaneProof } from "./_hello.ts";
import type { AttachedSizes } from "./attached_sizes.ts";
import type { FlowLimits } from "./_outbox.ts";
import { SocketIo } from "./_socket_io.ts";
import { control, CONTROL_METHODS } from "./_control.ts";
import { cancelled, Party, type PartyBase } from "../edge/party.ts";
import {
  encodeMessage,
  errorToRpc,
  type JsonRpcMessage,
  type JsonRpcRequest,
  parseMessage,
  RPC_ERRORS,
} from "../../protocols/jsonrpc/mod.ts";

export { CONTROL_PROTOCOL } from "./_control.ts";

/** What a connection needs from the server (and, to believe a client's pane, {@link PaneProof}). */
export interface ConnectionOptions extends PaneProof, Pick<PartyBase, "bus" | "paneScreen"> {
  id: string;
  maxLineBytes: number;
  /** Facts for `server.hello`. */
  hello: () => Record<string, unknown>;
  /** Attached clients' terminal sizes (the `attach` method); none: `attach` is refused. */
  sizes?: AttachedSizes;
  /** Limits on a client's unread replies (tests shrink them). */
  flow?: Partial<FlowLimits>;
  /** A client that sends no request this long after connecting is closed (none: never). */
  firstRequestMs?: number;
}

/** Serves one client until it disconnects. */
export class Connection {
  #o: ConnectionOptions;
  #io: SocketIo;
  #party: Party;
  #closed = false;
  #encoder = new TextEncoder();

  constructor(conn: Deno.Conn, options: ConnectionOptions) {
    this.#o = options;
    const io = this.#io = new SocketIo(conn, {
      maxLineBytes: options.maxLineBytes,
      ...(options.flow ? { flow: options.flow } : {}),
      ...(options.firstRequestMs !== undefined ? { firstLineMs: options.firstRequestMs } : {}),
      onLine: (item) => this.#onLine(item),
      run: (request) => this.#handle(request),
      onFail: (reason) => reason ? this.#drop(reason) : this.close(),
    });
    const send = (message: JsonRpcMessage, lane?: string) => this.#send(message, lane);
    this.#party = new Party({
      ...options,
      caller: { kind: "socket", id: options.id, grants: "all" },
      wire: {
        answer: (id, reply, lane) =>
          send(
            reply.ok
              ? { jsonrpc: "2.0", id, result: reply.value ?? null }
              : { jsonrpc: "2.0", id, error: errorToRpc(reply.error) },
            lane,
          ),
        event: (subscription, event, lane) =>
          send({ jsonrpc: "2.0", method: "event", params: { subscription, ...event } }, lane),
        // Just before the next event that passes: how many of this subscription's were lost.
        resumed: (subscription, count, lane) =>
          send({ jsonrpc: "2.0", method: "events.dropped", params: { count, subscription } }, lane),
        backlog: (lane) => io.outbox.backlog(lane),
      },
    });
  }

  /** Reads requests until the client closes its side, answers them, then cleans up. */
  async serve(): Promise<void> {
    try {
      await this.#io.serve(() => this.#party.subscriptions);
    } finally {
      this.close();
    }
  }

  /** Drops subscriptions, cancels in-flight calls, closes the socket (with a last line). */
  close(last?: Uint8Array): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#o.sizes?.set(this.#o.id, null).catch(() => {});
    this.#party.close("the client disconnected");
    this.#io.close(last);
  }

  /** Drops a client that stays too far behind: a log line, and a last error line if it fits. */
  #drop(reason: WeftError): void {
    if (this.#closed) return;
    console.error(`weft: dropped client ${this.#o.id}: ${reason.message}`);
    const last = encodeMessage({ jsonrpc: "2.0", id: null, error: errorToRpc(reason.toBody()) });
    this.close(this.#encoder.encode(last));
  }

  #onLine(item: { line: string } | { tooLarge: number }): void {
    if ("tooLarge" in item) {
      const message = `Cannot read request: line of ${item.tooLarge} bytes is over the ` +
        `${this.#o.maxLineBytes}-byte limit`;
      const error = { code: RPC_ERRORS.INVALID_REQUEST, message, data: { code: "TOO_LARGE" } };
      return this.#send({ jsonrpc: "2.0", id: null, error });
    }
    const parsed = parseMessage(item.line);
    if ("error" in parsed) return this.#send(parsed.error);
    const message = parsed.message;
    if (!("method" in message)) return; // a response from a client: nothing asked for it
    if (message.method !== "cancel") return this.#io.requests.push(message, item.line.length);
    // A cancel does not wait behind what it cancels; one for a call not started ends it here.
    this.#io.requests.cancel(message, (id) => this.#party.fail(id, cancelled()));
  }

  #handle(request: JsonRpcRequest): Promise<void> {
    if (CONTROL_METHODS.has(request.method)) {
      return control(request, { ...this.#o, party: this.#party });
    }
    const { id, method, params = {} } = request;
    return this.#party.call(id, method, params, {
      requestId: `${this.#o.id}:${String(id ?? "-")}`,
    });
  }

  #send(message: JsonRpcMessage, lane?: string): void {
    if (this.#closed) return;
    this.#io.outbox.push(this.#encoder.encode(encodeMessage(message)), lane);
  }
}
