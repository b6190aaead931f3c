/**
 * One plugin Worker: started with exact Deno permissions, every message from it validated,
 * and every way it can die (uncaught error, exit, close, silence) reported once as "down".
 *
 * @module
 */

import { WeftError } from "../../protocols/bus/errors.ts";
import {
  type HostMessage,
  parsePluginMessage,
  type PluginMessage,
  WORKER_NAME_PREFIX,
} from "../../protocols/plugin/mod.ts";

/** Where the link reports to. */
export interface LinkEvents {
  /** A valid message, other than a pong or an exit, that no `next()` waited for. */
  message(message: PluginMessage): void;
  /** The Worker is gone; called at most once, never after `terminate()`. */
  down(reason: string): void;
  /** The Worker sent something that is not a valid message; it was ignored. */
  invalid(reason: string): void;
}

/** How to start the Worker. */
export interface LinkOptions {
  url: URL;
  plugin: string;
  permissions: Deno.PermissionOptionsObject;
  /** Ping period; a Worker silent for about two periods is down. 0 turns pings off. */
  heartbeatMs: number;
}

type Waiter = {
  resolve: (m: PluginMessage) => void;
  reject: (e: unknown) => void;
};

/** A Worker and its message stream. */
export class WorkerLink {
  #worker: Worker;
  #events: LinkEvents;
  #heartbeatMs: number;
  #closed = false;
  #waiters = new Map<string, Waiter>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #sent = 0;
  #answered = 0;
  #onClosed!: () => void;

  /** Resolves once the Worker is down or terminated. */
  readonly closed: Promise<void> = new Promise((
    resolve,
  ) => (this.#onClosed = resolve));

  constructor(options: LinkOptions, events: LinkEvents) {
    this.#events = events;
    this.#heartbeatMs = options.heartbeatMs;
    this.#worker = new Worker(options.url, {
      type: "module",
      name: WORKER_NAME_PREFIX + options.plugin,
      deno: { permissions: options.permissions },
    });
    this.#worker.onmessage = (event) => this.#receive(event.data);
    this.#worker.onerror = (event) => {
      event.preventDefault();
      this.#down(cleanWorkerError(event.message));
    };
    this.#worker.onmessageerror = () => this.#down("it sent a message that cannot be read");
  }

  /** False once the Worker is down or terminated. */
  get alive(): boolean {
    return !this.#closed;
  }

  /** Sends a message; throws the clone error when the message cannot be cloned. */
  post(message: HostMessage): void {
    if (!this.#closed) this.#worker.postMessage(message);
  }

  /** The next message of `type`, or a rejection when the Worker goes down or `ms` pass. */
  next<T extends PluginMessage["type"]>(
    type: T,
    ms: number,
  ): Promise<Extract<PluginMessage, { type: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(type);
        reject(
          new WeftError(
            "TIMEOUT",
            `it sent no ${type} message within ${ms} ms`,
          ),
        );
      }, ms);
      this.#waiters.set(type, {
        resolve: (
          m,
        ) => (clearTimeout(timer), resolve(m as Extract<PluginMessage, { type: T }>)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
    });
  }

  /** Starts the pings that find a Worker that exited silently or hangs. */
  startHeartbeat(): void {
    if (this.#heartbeatMs <= 0 || this.#timer !== undefined || this.#closed) {
      return;
    }
    this.#timer = setInterval(() => {
      if (this.#answered < this.#sent) {
        return this.#down(
          `it stopped answering for more than ${this.#heartbeatMs} ms`,
        );
      }
      this.post({ type: "ping", seq: ++this.#sent });
    }, this.#heartbeatMs);
  }

  /** Stops the Worker; no `down` event follows. */
  terminate(reason = "it was stopped"): void {
    if (this.#closed) return;
    this.#close(reason);
  }

  #receive(raw: unknown): void {
    if (this.#closed) return;
    let message: PluginMessage;
    try {
      message = parsePluginMessage(raw);
    } catch (err) {
      return this.#events.invalid(
        err instanceof Error ? err.message : String(err),
      );
    }
    if (message.type === "pong") {
      this.#answered = Math.max(this.#answered, message.seq);
    } else if (message.type === "exit") {
      this.#down(`it exited with code ${message.code}`);
    } else {
      const waiter = this.#waiters.get(message.type);
      this.#waiters.delete(message.type);
      if (waiter) waiter.resolve(message);
      else this.#events.message(message);
    }
  }

  #down(reason: string): void {
    if (this.#closed) return;
    this.#close(reason);
    this.#events.down(reason);
  }

  #close(reason: string): void {
    this.#closed = true;
    this.#onClosed();
    clearInterval(this.#timer);
    this.#worker.terminate();
    for (const waiter of this.#waiters.values()) {
      waiter.reject(new WeftError("PLUGIN_CRASHED", reason));
    }
    this.#waiters.clear();
  }
}

/**
 * A Worker error as one readable line: no colours, no stack, no "Uncaught" prefix.
 *
 * @example
 * ```ts
 * import { cleanWorkerError } from "./_worker_link.ts";
 * console.assert(cleanWorkerError("Uncaught (in promise) Error: boom") === "Error: boom");
 * ```
 */
export function cleanWorkerError(message: string): string {
  // deno-lint-ignore no-control-regex
  const plain = message.replace(/\x1b\[[0-9;]*m/g, "");
  const line = plain.split("\n")[0] ?? "";
  return line.replace(/^Uncaught (\(in promise\) )?/, "").trim() || "it failed";
}
