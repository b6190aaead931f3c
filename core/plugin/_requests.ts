/**
 * What a plugin Worker asks of the host: nested bus calls (bounded by the call they were made
 * for) and event subscriptions (checked by the bus against the plugin's grant).
 *
 * @module
 */

import type { Bus, CallContext, Caller, EventFilter, WeftEvent } from "../bus/mod.ts";
import { toErrorBody, WeftError } from "../../protocols/bus/errors.ts";
import type { LogLevel } from "../../protocols/plugin/mod.ts";
import { type Capability, intersect } from "../../protocols/bus/capabilities.ts";
import type {
  HostMessage,
  OnBehalf,
  PluginCallMessage,
  PluginMessage,
  WireReply,
} from "../../protocols/plugin/mod.ts";

/** What {@link PluginRequests} needs. */
export interface RequestsOptions {
  bus: Bus;
  plugin: string;
  grant: ReadonlySet<Capability>;
  post: (message: HostMessage) => void;
  /** The bus context of a forwarded call still in flight. */
  parent: (id: string) => CallContext<unknown> | undefined;
  /** Writes to the plugin's log (a refused subscription: the Worker's subscribe has no answer). */
  log: (level: LogLevel, message: string) => void;
}

/** Serves one plugin Worker's requests. */
export class PluginRequests {
  #options: RequestsOptions;
  #own: Caller;
  #subscriptions = new Map<string, () => void>();
  #disposed = false;
  #muted = false;

  constructor(options: RequestsOptions) {
    this.#options = options;
    this.#own = {
      kind: "plugin",
      id: options.plugin,
      grants: options.grant,
      chain: [options.plugin],
    };
  }

  /** Handles a request; returns false for a message that is not one. */
  handle(message: PluginMessage): boolean {
    if (message.type === "call") void this.#call(message);
    else if (message.type === "subscribe") {
      this.#subscribe(message.id, message.filter);
    } else if (message.type === "publish") {
      const { plugin, bus } = this.#options;
      // A plugin speaks only under its own name, like its commands.
      if (message.topic.startsWith(`${plugin}.`) && !this.#disposed) {
        bus.events.publish(message.topic, message.data, message.pane);
      }
    } else if (message.type === "unsubscribe") {
      this.#subscriptions.get(message.id)?.();
      this.#subscriptions.delete(message.id);
    } else return false;
    return true;
  }

  /** Drops every subscription and takes no new one; calls are still served. */
  mute(): void {
    this.#muted = true;
    for (const off of this.#subscriptions.values()) off();
    this.#subscriptions.clear();
  }

  /** Drops every subscription; later answers are not sent. */
  dispose(): void {
    this.#disposed = true;
    this.mute();
  }

  async #call(message: PluginCallMessage): Promise<void> {
    let reply: WireReply;
    try {
      const call = this.#callerFor(message);
      reply = { ok: true, value: await call(message.name, message.input) };
    } catch (err) {
      reply = { ok: false, error: toErrorBody(err) };
    }
    if (this.#disposed) return;
    try {
      this.#options.post({ type: "result", id: message.id, reply });
    } catch (err) {
      const error = new WeftError(
        "INTERNAL",
        `Cannot return the answer of "${message.name}": it cannot be cloned: ${err}`,
      );
      this.#options.post({
        type: "result",
        id: message.id,
        reply: { ok: false, error: error.toBody() },
      });
    }
  }

  /** Inside a forwarded call: that call's bounded `call`. Outside: the plugin's own rights. */
  #callerFor(
    message: PluginCallMessage,
  ): (name: string, input: unknown) => Promise<unknown> {
    if (message.parent === undefined) {
      const caller = message.onBehalf ? this.#behalf(message.onBehalf) : this.#own;
      return (name, input) => this.#options.bus.invoke(name, input, { caller });
    }
    const parent = this.#options.parent(message.parent);
    if (!parent) {
      throw new WeftError(
        "CANCELLED",
        `Cannot call "${message.name}": the call it was made for has finished`,
      );
    }
    return parent.call;
  }

  /** A door plugin's client as a caller: attributed to it, never with more than the plugin. */
  #behalf(client: OnBehalf): Caller {
    const { plugin, grant } = this.#options;
    return {
      kind: client.kind,
      id: `${plugin}/${client.id}`,
      ...(client.pane === undefined ? {} : { pane: client.pane }),
      grants: client.grants ? intersect(grant, new Set(client.grants)) : grant,
      chain: [plugin],
    };
  }

  #subscribe(id: string, filter: EventFilter): void {
    const { bus, post } = this.#options;
    if (this.#muted) return;
    this.#subscriptions.get(id)?.();
    this.#subscriptions.delete(id);
    const deliver = (event: WeftEvent) => {
      if (this.#disposed) return;
      try {
        post({ type: "event", subscription: id, event });
      } catch {
        // An event whose data cannot be cloned is not delivered to Workers.
      }
    };
    try {
      this.#subscriptions.set(id, bus.events.subscribe(filter, deliver, this.#own));
    } catch (err) {
      this.#options.log("warn", toErrorBody(err).message);
    }
  }
}
