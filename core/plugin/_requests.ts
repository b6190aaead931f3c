/**
 * What a plugin Worker asks of the host, read off its pipe: nested bus calls (bounded by the
 * call they were made for) and event subscriptions, served by the plugin's {@link Party}.
 *
 * @module
 */

import { toErrorBody, WeftError } from "../../protocols/bus/errors.ts";
import { type Capability, ROUTE_CAPABILITY } from "../../protocols/bus/capabilities.ts";
import type {
  HostMessage,
  LogLevel,
  PluginCallMessage,
  PluginMessage,
  PublishMessage,
} from "../../protocols/plugin/mod.ts";
import { type Backlog, Party, type PartyBase } from "../edge/party.ts";
import type { PluginRoute } from "./_route.ts";

type SubscribeMessage = Extract<PluginMessage, { type: "subscribe" }>;

/** What {@link PluginRequests} needs (and its {@link Party}: the forwarded calls, held events). */
export interface RequestsOptions extends PartyBase {
  plugin: string;
  grant: ReadonlySet<Capability>;
  /** Sends to the plugin; `lane` is the pane the message is about, if any. */
  post: (message: HostMessage, lane?: string) => void;
  /** What waits for the plugin to read it, in all and in `lane` (none: nothing is dropped). */
  backlog?: (lane?: string) => Backlog;
  /** Writes to the plugin's log: refusals it cannot see (a forged publish, a refused subscription). */
  log: (level: LogLevel, message: string) => void;
  /** Its route to other hosts: served while this run lasts, if its grant has `route`. */
  route?: PluginRoute;
}

/** Serves one plugin Worker's requests: the codec between its messages and its party. */
export class PluginRequests {
  #options: RequestsOptions;
  #party: Party;

  constructor(options: RequestsOptions) {
    this.#options = options;
    const { post } = options;
    this.#party = new Party({
      ...options,
      caller: {
        kind: "plugin",
        id: options.plugin,
        grants: options.grant,
        chain: [options.plugin],
      },
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
    this.#party.fail(id, new WeftError("INVALID_INPUT", `Cannot call: ${reason}`));
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
    try {
      this.#party.subscribe(id, filter, snapshot, (answer) => {
        if (snapshot !== undefined) {
          post({ type: "subscribed", subscription: id, snapshot: answer.snapshot });
        }
      }).catch(refused);
    } catch (err) {
      refused(err);
    }
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

  /** Inside a forwarded call (`parent`), bounded by it; else as the plugin, or for its client. */
  #call({ id, name, input, parent, onBehalf }: PluginCallMessage): void {
    void this.#party.call(id, name, input, { within: parent, onBehalf });
  }
}
