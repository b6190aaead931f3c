/**
 * The plugin side of what a plugin asks of the host: nested calls, event subscriptions and
 * log lines.
 *
 * @module
 */

import type { EventFilter, WeftEvent } from "../../protocols/bus/events.ts";
import { type ErrorBody, WeftError } from "../../protocols/bus/errors.ts";
import type { Capability } from "../../protocols/bus/capabilities.ts";
import type {
  LogLevel,
  OnBehalf,
  PluginMessage,
  ResultMessage,
} from "../../protocols/plugin/mod.ts";
import type { PaneSnapshot, PluginCallOptions, PluginContext } from "./define.ts";
import { currentHandler, type HandlerScope, outsideHandlers } from "./_scope.ts";

type Post = (message: PluginMessage) => void;
type Listener = (event: WeftEvent) => void;
/** Told that some events of a subscription were dropped (see {@link SubscribeOptions}). */
type DroppedListener = () => void;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Nested calls in flight, subscriptions, and the log, for one plugin. */
export class Channel {
  #post: Post;
  #name: string;
  #pending = new Map<string, Pending>();
  #listeners = new Map<string, Listener>();
  #dropped = new Map<string, DroppedListener | undefined>();
  /** Snapshot subscriptions whose read has not come yet. */
  #snapshots = new Map<string, Pending>();
  #nextId = 1;

  constructor(name: string, post: Post) {
    this.#name = name;
    this.#post = post;
  }

  /**
   * A bus call through the host; `scope` is the handler it is made for, if any (the host then
   * bounds it by that call's chain); `onBehalf` the plugin's own client it is made for, if any.
   */
  call<T>(name: string, input: unknown, scope?: HandlerScope, onBehalf?: OnBehalf): Promise<T> {
    if (scope?.done) {
      return Promise.reject(
        new WeftError(
          "CANCELLED",
          `Cannot call "${name}": it was made for "${scope.name}", which has returned ` +
            "(work a command leaves running is the plugin's own only through ctx.detached())",
        ),
      );
    }
    const parent = scope?.id;
    const id = `n${this.#nextId++}`;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, {
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      try {
        this.#post({
          type: "call",
          id,
          name,
          input,
          ...(parent ? { parent } : {}),
          ...(onBehalf ? { onBehalf } : {}),
        });
      } catch (err) {
        this.#pending.delete(id);
        reject(
          new WeftError(
            "INVALID_INPUT",
            `Cannot call "${name}": ${String(err)}`,
          ),
        );
      }
    });
  }

  /** Settles the nested call a result answers. */
  settle(message: ResultMessage): void {
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    const { reply } = message;
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(WeftError.fromBody(reply.error));
  }

  /** Asks the host for events; returns the function that stops them. */
  subscribe(filter: EventFilter, listener: Listener, dropped?: DroppedListener): () => void {
    return this.#subscribe(filter, listener, dropped).off;
  }

  /**
   * Asks the host for events after a read of one pane (`snapshot`: `pane.read`'s input): the
   * read comes first, then exactly the events it did not show. Rejects when refused.
   */
  async subscribeFrom(
    filter: EventFilter,
    snapshot: Record<string, unknown>,
    listener: Listener,
    dropped?: DroppedListener,
  ): Promise<{ snapshot: unknown; off: () => void }> {
    const { id, off } = this.#subscribe(filter, listener, dropped, snapshot);
    const answer = Promise.withResolvers<unknown>();
    this.#snapshots.set(id, answer);
    try {
      return { snapshot: await answer.promise, off };
    } catch (err) {
      this.#listeners.delete(id);
      this.#dropped.delete(id);
      throw err;
    }
  }

  /** Settles the snapshot subscription a `subscribed` message answers. */
  subscribed(message: { subscription: string; snapshot?: unknown; error?: ErrorBody }): void {
    const answer = this.#snapshots.get(message.subscription);
    if (!answer) return;
    this.#snapshots.delete(message.subscription);
    if (message.error) answer.reject(WeftError.fromBody(message.error));
    else answer.resolve(message.snapshot);
  }

  #subscribe(
    filter: EventFilter,
    listener: Listener,
    dropped?: DroppedListener,
    snapshot?: Record<string, unknown>,
  ): { id: string; off: () => void } {
    const id = `s${this.#nextId++}`;
    this.#listeners.set(id, listener);
    this.#dropped.set(id, dropped);
    this.#post({
      type: "subscribe",
      id,
      filter: structuredClone(filter),
      ...(snapshot ? { snapshot: structuredClone(snapshot) } : {}),
    });
    const off = () => {
      this.#dropped.delete(id);
      if (this.#listeners.delete(id)) this.#post({ type: "unsubscribe", id });
    };
    return { id, off };
  }

  /**
   * The host dropped events of a subscription (the plugin read too slowly): its `dropped`
   * listener is told, or, without one, the loss is logged.
   */
  droppedEvents(subscription: string): void {
    if (!this.#listeners.has(subscription)) return;
    const listener = this.#dropped.get(subscription);
    if (!listener) {
      return this.log("warn", [
        "events were dropped: this plugin read them more slowly than they came",
      ]);
    }
    try {
      listener();
    } catch (err) {
      this.log("error", ["dropped-events listener failed:", err]);
    }
  }

  /** Hands an event to its subscriber; a throwing listener is logged, never fatal. */
  deliver(subscription: string, event: WeftEvent): void {
    try {
      this.#listeners.get(subscription)?.(event);
    } catch (err) {
      this.log("error", [`event listener for "${event.topic}" failed:`, err]);
    }
  }

  /** Publishes an event on the bus; the host drops topics outside `<plugin>.*`. */
  publish(topic: string, data: unknown, pane?: string): void {
    if (!topic.startsWith(`${this.#name}.`)) {
      throw new TypeError(
        `Cannot publish "${topic}": plugin "${this.#name}" may only publish "${this.#name}.*"`,
      );
    }
    this.#post({ type: "publish", topic, data, ...(pane === undefined ? {} : { pane }) });
  }

  /** Sends a log line. */
  log(level: LogLevel, args: readonly unknown[]): void {
    const text = args.map((a) => (typeof a === "string" ? a : Deno.inspect(a)))
      .join(" ");
    this.#post({ type: "log", level, message: text });
  }

  /**
   * The context a plugin's setup receives. Its `call` belongs to whichever handler's async
   * context it runs in, so keeping it past setup never lends the plugin's rights to a caller.
   */
  context(
    grant: readonly Capability[],
    options: unknown,
    dataDir?: string,
  ): PluginContext<unknown> {
    return {
      name: this.#name,
      options,
      grant: new Set(grant),
      dataDir,
      call: <T>(name: string, input?: unknown, options?: PluginCallOptions) =>
        this.call<T>(name, input, currentHandler(), options?.onBehalf),
      subscribe: (filter, listener, options) => this.subscribe(filter, listener, options?.dropped),
      subscribeFrom: async (read, filter, listener, options) => {
        const { snapshot, off } = await this.subscribeFrom(
          filter,
          read,
          listener,
          options?.dropped,
        );
        return { snapshot: snapshot as PaneSnapshot, off };
      },
      publish: (topic, data, pane) => this.publish(topic, data, pane),
      log: (...args) => this.log("info", args),
      reach: (hosts) => this.#post({ type: "reach", hosts: [...hosts] }),
      detached: (fn) => outsideHandlers(fn),
    };
  }
}
