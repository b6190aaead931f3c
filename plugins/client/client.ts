/**
 * A control-socket client: what the CLI, the TUI and the `weft mcp` bridge speak through.
 *
 * @module
 */

import type { CallInput, CoreCalls, CoreCommand, NotCore } from "../../protocols/bus/calls.ts";
import type { EventFilter, WeftEvent } from "../../protocols/bus/events.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { findServerInfo } from "../../core/sdk/project.ts";
import {
  encodeMessage,
  type JsonRpcMessage,
  LineDecoder,
  parseMessage,
  rpcToError,
} from "../../protocols/jsonrpc/mod.ts";

/** How a client introduces itself. */
export interface HelloOptions {
  /** `cli`, `tui`, `mcp`, … (attribution in logs). */
  client?: string;
  /** The pane this client runs in (`WEFT_PANE`), so its actions are attributed to it. */
  pane?: string;
  /** That pane's key (`WEFT_SIDEBAND_KEY`): without it the server does not believe `pane`. */
  key?: string;
  /** Give up rights: only these capabilities (a read-only bridge). */
  grants?: string[];
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  /** Runs as the reply is read, before any later message (so no event slips past it). */
  onResult?: (value: unknown) => void;
}

/**
 * What to subscribe to. With `snapshot` (`pane.read` input for one pane), the listener first
 * gets a `snapshot` event holding that read, then exactly the events that came after it.
 */
export interface SubscribeOptions extends EventFilter {
  snapshot?: Record<string, unknown>;
}

/**
 * A connection to a weft server.
 *
 * @example
 * ```ts ignore
 * import { WeftClient } from "./client.ts";
 * const client = await WeftClient.find(Deno.cwd(), { client: "cli" });
 * console.log(await client.call("pane.list"));
 * client.close();
 * ```
 */
export class WeftClient {
  #conn: Deno.UnixConn;
  #pending = new Map<number, Pending>();
  #listeners = new Map<string, (event: WeftEvent) => void>();
  #nextId = 1;
  #closed = false;
  #closeListeners: (() => void)[] = [];
  #droppedListeners: ((count: number) => void)[] = [];
  #encoder = new TextEncoder();
  /** What the server said in `server.hello`. */
  hello: Record<string, unknown> = {};

  private constructor(conn: Deno.UnixConn) {
    this.#conn = conn;
    this.#read();
  }

  /** Connects to a socket and says hello. */
  static async connect(socket: string, hello: HelloOptions = {}): Promise<WeftClient> {
    let conn: Deno.UnixConn;
    try {
      conn = await Deno.connect({ transport: "unix", path: socket });
    } catch (err) {
      throw new WeftError(
        "UNAVAILABLE",
        `Cannot connect to weft at ${socket}: ${(err as Error).message}`,
      );
    }
    const client = new WeftClient(conn);
    client.hello = await client.call("server.hello", hello);
    return client;
  }

  /** Finds the server of the project around `start` (`.weft/server.json` upward) and connects. */
  static async find(start: string, hello: HelloOptions = {}): Promise<WeftClient> {
    const found = await findServerInfo(start);
    const howTo = "start one with `weft serve` in the project directory (`weft`, `weft new` and " +
      "`weft mcp` start one in the background)";
    if (!found) {
      throw new WeftError(
        "UNAVAILABLE",
        `Cannot find a weft server for ${start}: none is running; ${howTo}`,
      );
    }
    try {
      return await WeftClient.connect(found.info.socket, hello);
    } catch {
      throw new WeftError(
        "UNAVAILABLE",
        `Cannot reach the weft server of ${found.info.projectDir} (pid ${found.info.pid}): it is not running; ${howTo}`,
      );
    }
  }

  /** Calls a method; resolves with its result or rejects with a {@link WeftError}. */
  call<N extends CoreCommand>(method: N, params?: CallInput<N>): Promise<CoreCalls[N]>;
  call<T = Record<string, unknown>, N extends string = string>(
    method: N & NotCore<N>,
    params?: unknown,
  ): Promise<T>;
  call<T>(method: string, params: unknown = {}): Promise<T> {
    return this.#request<T>(method, params);
  }

  #request<T>(method: string, params: unknown, onResult?: (value: unknown) => void): Promise<T> {
    if (this.#closed) {
      return Promise.reject(new WeftError("UNAVAILABLE", "Cannot call: the connection is closed"));
    }
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, {
        resolve: resolve as (v: unknown) => void,
        reject,
        ...(onResult ? { onResult } : {}),
      });
      this.#write({ jsonrpc: "2.0", id, method, params });
    });
  }

  /**
   * Subscribes to events; returns the function that unsubscribes. The listener is in place
   * before any event of the subscription is read, so none is lost.
   */
  async subscribe(
    filter: SubscribeOptions,
    listener: (event: WeftEvent) => void,
  ): Promise<() => Promise<void>> {
    const { subscription } = await this.#request<{ subscription: string }>(
      "subscribe",
      filter,
      (value) => {
        const result = value as { subscription: string; snapshot?: unknown };
        this.#listeners.set(result.subscription, listener);
        if (result.snapshot === undefined) return;
        const pane = filter.panes?.[0];
        listener({ topic: "snapshot", ...(pane ? { pane } : {}), data: result.snapshot });
      },
    );
    return async () => {
      this.#listeners.delete(subscription);
      if (!this.#closed) await this.call("unsubscribe", { subscription });
    };
  }

  /**
   * Runs `listener` when the server dropped events because this client read too slowly (it
   * then knows less than happened: a screen mirror must start again from a snapshot).
   */
  onDropped(listener: (count: number) => void): void {
    this.#droppedListeners.push(listener);
  }

  /** Runs `listener` when the connection closes (the server went away). */
  onClose(listener: () => void): void {
    this.#closeListeners.push(listener);
  }

  /** True once the connection is gone. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Closes the connection; pending calls fail. */
  close(): void {
    if (this.#closed) return;
    try {
      this.#conn.close();
    } catch { /* gone */ }
    this.#shutdown();
  }

  #write(message: JsonRpcMessage): void {
    const bytes = this.#encoder.encode(encodeMessage(message));
    this.#writeAll(bytes).catch(() => this.close());
  }

  #chain: Promise<void> = Promise.resolve();
  #writeAll(bytes: Uint8Array): Promise<void> {
    this.#chain = this.#chain.then(async () => {
      let off = 0;
      while (off < bytes.length) off += await this.#conn.write(bytes.subarray(off));
    });
    return this.#chain;
  }

  async #read(): Promise<void> {
    const decoder = new LineDecoder({ maxLineBytes: 512 * 1024 * 1024 });
    try {
      for await (const chunk of this.#conn.readable) {
        for (const item of decoder.push(chunk)) if ("line" in item) this.#onLine(item.line);
      }
    } catch { /* closed */ }
    this.#shutdown();
  }

  #onLine(line: string): void {
    const parsed = parseMessage(line);
    if (!("message" in parsed)) return;
    const m = parsed.message as JsonRpcMessage & Record<string, unknown>;
    if ("method" in m) {
      if (m.method === "event") {
        const params = m.params as WeftEvent & { subscription: string };
        this.#listeners.get(params.subscription)?.(params);
      } else if (m.method === "events.dropped") {
        const count = Number((m.params as { count?: unknown } | undefined)?.count ?? 0);
        for (const listener of this.#droppedListeners) listener(count);
      }
      return;
    }
    const pending = this.#pending.get(m.id as number);
    if (!pending) return;
    this.#pending.delete(m.id as number);
    if ("error" in m) {
      pending.reject(WeftError.fromBody(rpcToError(m.error as Parameters<typeof rpcToError>[0])));
    } else {
      const result = (m as { result: unknown }).result;
      try {
        pending.onResult?.(result);
      } catch (err) {
        console.error("weft: reply handler failed:", err);
      }
      pending.resolve(result);
    }
  }

  #shutdown(): void {
    if (this.#closed && !this.#pending.size && !this.#closeListeners.length) return;
    this.#closed = true;
    for (const p of this.#pending.values()) {
      p.reject(
        new WeftError("UNAVAILABLE", "Cannot finish the call: the server closed the connection"),
      );
    }
    this.#pending.clear();
    const listeners = this.#closeListeners;
    this.#closeListeners = [];
    for (const l of listeners) l();
  }
}
