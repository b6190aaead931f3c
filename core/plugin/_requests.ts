/**
 * What a plugin Worker asks of the host, read off its pipe: nested bus calls (bounded by the
 * call they were made for) and event subscriptions, served by the plugin's {@link Party}.
 *
 * @module
 */

import type { Bus, CallContext, EventFilter, WeftEvent } from "../bus/mod.ts";
import { toErrorBody, WeftError } from "../../protocols/bus/errors.ts";
import type { LogLevel } from "../../protocols/plugin/mod.ts";
import { type Capability, ROUTE_CAPABILITY } from "../../protocols/bus/capabilities.ts";
import type { PluginRoute } from "./_route.ts";
import type {
  HostMessage,
  PluginCallMessage,
  PluginMessage,
  PublishMessage,
} from "../../protocols/plugin/mod.ts";

type SubscribeMessage = Extract<PluginMessage, { type: "subscribe" }>;
import { behalfCaller, type CallHow, Party } from "../edge/party.ts";

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
  /** Its route to other hosts: served while this run lasts, if its grant has `route`. */
  route?: PluginRoute;
  /** A pane's screen right now: unparsed output bytes and input modes (for snapshots). */
  paneScreen?: (pane: string) => { pendingBytes: number; modes: unknown } | undefined;
}

/** Serves one plugin Worker's requests: the codec between its messages and its party. */
export class PluginRequests {
  #options: RequestsOptions;
  #party: Party;

  constructor(options: RequestsOptions) {
    this.#options = options;
    const { post } = options;
    this.#party = new Party({
      bus: options.bus,
      caller: {
        kind: "plugin",
        id: options.plugin,
        grants: options.grant,
        chain: [options.plugin],
      },
      maxCallsInFlight: options.maxCallsInFlight,
      ...(options.paneScreen ? { paneScreen: options.paneScreen } : {}),
      wire: {
        answer: (id, reply, lane) => post({ type: "result", id: String(id), reply }, lane),
        event: (subscription, event, lane) => post({ type: "event", subscription, event }, lane),
        // Queued in the lane, the notice arrives right where the gap starts.
        gap: (subscription, lane) => post({ type: "dropped", subscription }, lane),
        ...(options.backlog ? { backlog: options.backlog } : {}),
      },
    });
    if (options.grant.has(ROUTE_CAPABILITY)) options.route?.attach(post);
  }

  /** Handles a request; returns false for a message that is not one. */
  handle(message: PluginMessage): boolean {
    if (message.type === "call") this.#call(message);
    else if (message.type === "subscribe") this.#subscribe(message);
    else if (message.type === "publish") this.#publish(message);
    else if (message.type === "unsubscribe") this.#party.unsubscribe(message.id);
    else {
      const { route, grant, log } = this.#options;
      return !!route?.take(message, grant.has(ROUTE_CAPABILITY), (why) => log("warn", why));
    }
    return true;
  }

  /** Drops every subscription and takes no new one; calls are still served. */
  mute(): void {
    this.#party.mute();
  }

  /** Answers a call message that failed validation, so the plugin's call does not hang. */
  refuse(id: string, reason: string): void {
    const error = new WeftError("INVALID_INPUT", `Cannot call: ${reason}`);
    this.#party.answer(id, { ok: false, error: error.toBody() });
  }

  /** Drops every subscription; later answers are not sent; routed calls fail. */
  dispose(): void {
    this.#party.close();
    this.#options.route?.detach(`plugin "${this.#options.plugin}" stopped`);
  }

  #subscribe({ id, filter, snapshot }: SubscribeMessage): void {
    const { post } = this.#options;
    const refused = (err: unknown) => {
      const error = toErrorBody(err);
      if (snapshot !== undefined) post({ type: "subscribed", subscription: id, error });
      this.#options.log("warn", error.message);
    };
    let answered: Promise<void>;
    try {
      answered = snapshot === undefined
        ? this.#party.subscribe(id, filter)
        : this.#party.subscribe(id, filter, snapshot, (answer) =>
          post({ type: "subscribed", subscription: id, snapshot: answer.snapshot }));
    } catch (err) {
      return refused(err);
    }
    // The snapshot shows what came before it; else what came while the plugin started
    // (nothing is published in between).
    if (snapshot !== undefined) answered.catch(refused);
    else this.#party.replay(id, this.#options.held?.(filter) ?? []);
  }

  #publish(message: PublishMessage): void {
    if (this.#party.closed) return;
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

  /** Inside a forwarded call: that call's bounded `call`. Outside: the plugin or its client. */
  #call(message: PluginCallMessage): void {
    let how: CallHow;
    try {
      how = this.#how(message);
    } catch (err) {
      return this.#party.answer(message.id, { ok: false, error: toErrorBody(err) });
    }
    void this.#party.call(message.id, message.name, message.input, how);
  }

  #how(message: PluginCallMessage): CallHow {
    const { plugin, grant } = this.#options;
    if (message.parent === undefined) {
      return message.onBehalf ? { caller: behalfCaller(plugin, grant, message.onBehalf) } : {};
    }
    const parent = this.#options.parent(message.parent);
    if (!parent) {
      throw new WeftError(
        "CANCELLED",
        `Cannot call "${message.name}": the call it was made for has finished`,
      );
    }
    return { via: (name, input) => parent.call(name, input) };
  }
}
