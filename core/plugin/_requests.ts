/**
 * What a plugin Worker asks of the host: nested bus calls (bounded by the call they were made
 * for) and event subscriptions (checked by the bus against the plugin's grant).
 *
 * @module
 */

import type { Bus, CallContext, Caller, EventFilter, WeftEvent } from "../bus/mod.ts";
import { toErrorBody, WeftError } from "../../protocols/bus/errors.ts";
import type { LogLevel } from "../../protocols/plugin/mod.ts";
import { eventsBehind, laneOf } from "../bus/fair_queue.ts";
import { type Capability, intersect, missing } from "../../protocols/bus/capabilities.ts";
import type {
  HostMessage,
  OnBehalf,
  PluginCallMessage,
  PluginMessage,
  PublishMessage,
  WireReply,
} from "../../protocols/plugin/mod.ts";

/** What {@link PluginRequests} needs. */
export interface RequestsOptions {
  bus: Bus;
  plugin: string;
  grant: ReadonlySet<Capability>;
  /** Sends to the plugin; `lane` is the pane the message is about, if any. */
  post: (message: HostMessage, lane?: string) => void;
  /** What waits for the plugin to read it, in all and in `lane` (none: nothing is dropped). */
  backlog?: (lane?: string) => { all: number; lane: number };
  /** The bus context of a forwarded call still in flight. */
  parent: (id: string) => CallContext<unknown> | undefined;
  /** Most nested calls the plugin may have in flight; more are refused at once. */
  maxCallsInFlight: number;
  /** Writes to the plugin's log: refusals it cannot see (a forged publish, a refused subscription). */
  log: (level: LogLevel, message: string) => void;
  /** Events held for the plugin while it started (see `HeldEvents`) that `filter` matches. */
  held?: (filter: EventFilter) => WeftEvent[];
}

/** Serves one plugin Worker's requests. */
export class PluginRequests {
  #options: RequestsOptions;
  #own: Caller;
  #subscriptions = new Map<string, () => void>();
  /** Subscriptions dropping events now (told once, re-armed by the next event that passes). */
  #dropping = new Set<string>();
  #disposed = false;
  #muted = false;
  #inFlight = 0;

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
    } else if (message.type === "publish") this.#publish(message);
    else if (message.type === "unsubscribe") {
      this.#subscriptions.get(message.id)?.();
      this.#subscriptions.delete(message.id);
      this.#dropping.delete(message.id);
    } else return false;
    return true;
  }

  /** Drops every subscription and takes no new one; calls are still served. */
  mute(): void {
    this.#muted = true;
    for (const off of this.#subscriptions.values()) off();
    this.#subscriptions.clear();
  }

  /** Answers a call message that failed validation, so the plugin's call does not hang. */
  refuse(id: string, reason: string): void {
    if (this.#disposed) return;
    const error = new WeftError("INVALID_INPUT", `Cannot call: ${reason}`);
    this.#options.post({ type: "result", id, reply: { ok: false, error: error.toBody() } });
  }

  /** Drops every subscription; later answers are not sent. */
  dispose(): void {
    this.#disposed = true;
    this.mute();
  }

  #publish(message: PublishMessage): void {
    if (this.#disposed) return;
    try {
      // The bus refuses topics outside `<plugin>.*` and the core's own.
      this.#options.bus.events.publishAs(
        this.#options.plugin,
        message.topic,
        message.data,
        message.pane,
      );
    } catch (err) {
      this.#options.log("warn", toErrorBody(err).message);
    }
  }

  async #call(message: PluginCallMessage): Promise<void> {
    const { maxCallsInFlight, plugin } = this.#options;
    let reply: WireReply;
    if (this.#inFlight >= maxCallsInFlight) {
      const error = new WeftError(
        "UNAVAILABLE",
        `Cannot call "${message.name}": plugin "${plugin}" already has ${maxCallsInFlight} calls in flight`,
        { plugin, limit: maxCallsInFlight },
      );
      reply = { ok: false, error: error.toBody() };
    } else {
      this.#inFlight++;
      try {
        const call = this.#callerFor(message);
        reply = { ok: true, value: await call(message.name, message.input) };
      } catch (err) {
        reply = { ok: false, error: toErrorBody(err) };
      } finally {
        this.#inFlight--;
      }
    }
    if (this.#disposed) return;
    // The answer about a pane keeps its place among that pane's events (a read taken while
    // they came is in order with them); other answers need not wait for a flooding pane.
    const lane = laneOf(message.input, (ref) => this.#options.bus.paneId(ref));
    try {
      this.#options.post({ type: "result", id: message.id, reply }, lane);
    } catch (err) {
      const error = new WeftError(
        "INTERNAL",
        `Cannot return the answer of "${message.name}": it cannot be cloned: ${err}`,
      );
      this.#options.post({
        type: "result",
        id: message.id,
        reply: { ok: false, error: error.toBody() },
      }, lane);
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
    // Speaking for a pane is no more than typing into it would allow (the sideband speaks for
    // the pane whose output it read); a plugin that may not cannot claim a pane.
    if (client.pane !== undefined && missing(["pane:write"], grant).length) {
      throw new WeftError(
        "DENIED",
        `Cannot call for pane ${client.pane}: plugin "${plugin}" lacks pane:write, which ` +
          "speaking for a pane needs",
      );
    }
    return {
      kind: client.kind,
      id: `${plugin}/${client.id}`,
      ...(client.pane === undefined ? {} : { pane: client.pane }),
      grants: client.grants ? intersect(grant, new Set(client.grants)) : grant,
      chain: [plugin],
    };
  }

  /**
   * Whether the plugin is too far behind to be sent another event of `lane` (the socket's rule,
   * see `eventsBehind`): a plugin slower than a flooding pane loses that pane's events, told
   * once where the gap is, rather than its life; answers are never dropped.
   */
  #behind(lane: string | undefined): boolean {
    const backlog = this.#options.backlog?.(lane);
    return !!backlog && eventsBehind(backlog.all, lane === undefined ? undefined : backlog.lane);
  }

  #subscribe(id: string, filter: EventFilter): void {
    const { bus, post } = this.#options;
    if (this.#muted) return;
    this.#subscriptions.get(id)?.();
    this.#subscriptions.delete(id);
    const deliver = (event: WeftEvent) => {
      if (this.#disposed) return;
      const lane = event.pane;
      if (this.#behind(lane)) {
        if (this.#dropping.has(id)) return;
        this.#dropping.add(id);
        // Queued in the lane, it arrives right where the gap starts.
        return post({ type: "dropped", subscription: id }, lane);
      }
      this.#dropping.delete(id);
      try {
        post({ type: "event", subscription: id, event }, lane);
      } catch {
        // An event whose data cannot be cloned is not delivered to Workers.
      }
    };
    try {
      this.#subscriptions.set(id, bus.events.subscribe(filter, deliver, this.#own));
    } catch (err) {
      return this.#options.log("warn", toErrorBody(err).message);
    }
    // What came before it, while the plugin started; nothing is published in between.
    for (const event of this.#options.held?.(filter) ?? []) deliver(event);
  }
}

/**
 * The answer to a call a plugin made between runs (stopping, crashed), so that it does not
 * wait for ever: `UNAVAILABLE`, saying `why`.
 */
export function unavailableReply(call: PluginCallMessage, why: string): HostMessage {
  const error = new WeftError("UNAVAILABLE", `Cannot call "${call.name}": ${why}`);
  return { type: "result", id: call.id, reply: { ok: false, error: error.toBody() } };
}
