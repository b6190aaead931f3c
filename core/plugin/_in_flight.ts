/**
 * Calls the host has forwarded to a plugin Worker and not yet seen answered: each with its
 * bus context (whose `call` bounds the plugin's nested calls), a deadline and its cancellation.
 *
 * @module
 */

import type { CallContext } from "../bus/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { callerToWire, type HostMessage, type WireReply } from "../../protocols/plugin/mod.ts";

interface Entry {
  name: string;
  context: CallContext<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: WeftError) => void;
  cleanup: () => void;
}

/** The forwarded calls of one plugin Worker. */
export class InFlight {
  #plugin: string;
  #post: (message: HostMessage) => void;
  #timeoutMs: number;
  #entries = new Map<string, Entry>();
  #nextId = 1;

  constructor(
    plugin: string,
    post: (message: HostMessage) => void,
    timeoutMs: number,
  ) {
    this.#plugin = plugin;
    this.#post = post;
    this.#timeoutMs = timeoutMs;
  }

  /** Forwards a bus call to the Worker; settles with its answer, a timeout or a cancel. */
  open(
    name: string,
    context: CallContext<unknown>,
    options: { targets?: Record<string, string>; ownDeadline?: boolean } = {},
  ): Promise<unknown> {
    const id = `c${this.#nextId++}`;
    const { signal } = context;
    if (signal.aborted) return Promise.reject(cancelledError(name));
    return new Promise((resolve, reject) => {
      // A command that declares its own deadline (a long wait) is bounded by the bus's timer,
      // which aborts `signal`; the host's default limit is for commands that declare none.
      const timer = options.ownDeadline ? undefined : setTimeout(
        () => this.#abandon(id, this.#timeout(name)),
        this.#timeoutMs,
      );
      // The bus's reason (its deadline's TIMEOUT, a client's CANCELLED) is the call's answer.
      const onAbort = () =>
        this.#abandon(
          id,
          signal.reason instanceof WeftError ? signal.reason : cancelledError(name),
        );
      signal.addEventListener("abort", onAbort, { once: true });
      const cleanup = () => (clearTimeout(timer), signal.removeEventListener("abort", onAbort));
      this.#entries.set(id, { name, context, resolve, reject, cleanup });
      try {
        this.#post(callMessage(id, name, context, options.targets ?? {}));
      } catch (err) {
        this.#finish(
          id,
          undefined,
          new WeftError("INVALID_INPUT", `Cannot call "${name}": ${err}`),
        );
      }
    });
  }

  /** The bus context of a call still in flight. */
  context(id: string): CallContext<unknown> | undefined {
    return this.#entries.get(id)?.context;
  }

  /** Settles a call with the Worker's reply; unknown ids (late answers) are dropped. */
  settle(id: string, reply: WireReply): void {
    if (reply.ok) this.#finish(id, reply.value);
    else this.#finish(id, undefined, WeftError.fromBody(reply.error));
  }

  /** Fails every call in flight with the error `make` builds from the command's name. */
  failAll(make: (name: string) => WeftError): void {
    for (const [id, entry] of [...this.#entries]) {
      this.#finish(id, undefined, make(entry.name));
    }
  }

  /** How many calls are in flight. */
  get size(): number {
    return this.#entries.size;
  }

  #abandon(id: string, error: WeftError): void {
    if (!this.#entries.has(id)) return;
    this.#finish(id, undefined, error);
    try {
      this.#post({ type: "cancel", id });
    } catch {
      // The Worker is gone; nothing to cancel.
    }
  }

  #finish(id: string, value: unknown, error?: WeftError): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    entry.cleanup();
    if (error) entry.reject(error);
    else entry.resolve(value);
  }

  #timeout(name: string): WeftError {
    return new WeftError(
      "TIMEOUT",
      `Cannot call "${name}": plugin "${this.#plugin}" did not answer within ${this.#timeoutMs} ms`,
      { plugin: this.#plugin },
    );
  }
}

function callMessage(
  id: string,
  name: string,
  context: CallContext<unknown>,
  targets: Record<string, string>,
): HostMessage {
  return {
    type: "call",
    id,
    name,
    input: context.input,
    ...(Object.keys(targets).length ? { targets } : {}),
    caller: callerToWire(context.caller),
    requestId: context.requestId,
  };
}

function cancelledError(name: string): WeftError {
  return new WeftError(
    "CANCELLED",
    `Cannot finish "${name}": the call was cancelled`,
  );
}
