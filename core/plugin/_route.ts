/**
 * A plugin's route to other hosts (the fabric's wire lives in a plugin, not in the core): the
 * plugin says which hosts it reaches (`reach`), and the bus hands it the calls whose targets
 * name one of them (`route` messages, answered by `result`). While the plugin is not running,
 * the hosts it last reached stay known and their calls fail at once with `HOST_UNREACHABLE`:
 * nothing local waits on a plugin that is restarting.
 *
 * @module
 */

import type { Bus } from "../bus/mod.ts";
import type { Route, RoutedCall, RoutedFollow } from "../bus/route.ts";
import type { WeftEvent } from "../../protocols/bus/events.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { isHostName, sameHost } from "../../protocols/bus/host_id.ts";
import {
  callerToWire,
  type HostMessage,
  type PluginMessage,
  type WireReply,
} from "../../protocols/plugin/mod.ts";

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** One plugin's route: the hosts it reaches and the calls it carries now. */
export class PluginRoute implements Route {
  #plugin: string;
  #bus: Bus;
  #onBus = false;
  #hosts: string[] = [];
  #post: ((message: HostMessage) => void) | undefined;
  #pending = new Map<string, Pending>();
  #follows = new Map<string, { follow: RoutedFollow; emit: (event: WeftEvent) => void }>();
  #nextId = 1;

  constructor(plugin: string, bus: Bus) {
    this.#plugin = plugin;
    this.#bus = bus;
  }

  /** The hosts it reaches from now on (the plugin's `reach` message); on the bus from the first. */
  reach(hosts: readonly string[]): void {
    this.#hosts = [...hosts];
    if (!this.#onBus) this.#bus.addRoute(this);
    this.#onBus = true;
  }

  reaches(host: string): boolean {
    return this.#hosts.some((h) => sameHost(h, host));
  }

  /** The plugin runs: calls go to it through `post`; the panes followed are followed again. */
  attach(post: (message: HostMessage) => void): void {
    this.#post = post;
    for (const [id, { follow }] of this.#follows) this.#send({ type: "follow", id, ...follow });
  }

  /**
   * Follows another host's pane for one subscriber (see `Route.follow`): kept across the
   * plugin's restarts (followed again when it runs again), until the returned function.
   */
  follow(follow: RoutedFollow, emit: (event: WeftEvent) => void): () => void {
    const id = `follow:${this.#nextId++}`;
    this.#follows.set(id, { follow, emit });
    this.#send({ type: "follow", id, ...follow });
    return () => {
      if (this.#follows.delete(id)) this.#send({ type: "unfollow", id });
    };
  }

  /**
   * The plugin's route messages (`reach`, `followed`, a routed call's `result`); `allowed`: its
   * grant has `route` (else `reach` is refused in its log). False for a message not one of these.
   */
  take(message: PluginMessage, allowed: boolean, log: (why: string) => void): boolean {
    if (message.type === "result") return this.settle(message.id, message.reply);
    if (message.type === "reach") {
      if (allowed) this.reach(message.hosts.filter(isHostName));
      else log(`Cannot route calls: plugin "${this.#plugin}" lacks route`);
    } else if (message.type === "followed") {
      if (allowed) this.followed(message.id, message.event);
    } else return false;
    return true;
  }

  /** An event of a followed pane; false for an id that is not one of these. */
  followed(id: string, event: WeftEvent): boolean {
    const follow = this.#follows.get(id);
    if (!follow) return id.startsWith("follow:");
    follow.emit(event);
    return true;
  }

  #send(message: HostMessage): void {
    try {
      this.#post?.(message);
    } catch { /* the plugin is gone: followed again when it runs */ }
  }

  /** The plugin stopped or crashed: calls in flight and to come fail with `HOST_UNREACHABLE`. */
  detach(why: string): void {
    this.#post = undefined;
    for (const [id, pending] of [...this.#pending]) {
      this.#pending.delete(id);
      pending.reject(new WeftError("HOST_UNREACHABLE", `Cannot reach other hosts: ${why}`));
    }
  }

  /** Settles a routed call with the plugin's answer; false for an id that is not one of these. */
  settle(id: string, reply: WireReply): boolean {
    const pending = this.#pending.get(id);
    if (!pending) return id.startsWith("route:");
    this.#pending.delete(id);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(WeftError.fromBody(reply.error));
    return true;
  }

  call(call: RoutedCall): Promise<unknown> {
    const post = this.#post;
    if (!post) {
      return Promise.reject(
        new WeftError(
          "HOST_UNREACHABLE",
          `Cannot call "${call.name}" on host "${call.host}": plugin "${this.#plugin}", which ` +
            "reaches it, is not running",
          { host: call.host },
        ),
      );
    }
    const id = `route:${this.#nextId++}`;
    const { signal } = call;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (!this.#pending.delete(id)) return;
        reject(signal?.reason);
        try {
          post({ type: "cancel", id });
        } catch { /* the plugin is gone */ }
      };
      const done = <T>(settle: (v: T) => void) => (v: T) => {
        signal?.removeEventListener("abort", onAbort);
        settle(v);
      };
      this.#pending.set(id, { resolve: done(resolve), reject: done(reject) });
      signal?.addEventListener("abort", onAbort, { once: true });
      try {
        post({
          type: "route",
          id,
          host: call.host,
          name: call.name,
          input: call.input,
          caller: callerToWire(call.caller),
          requestId: call.requestId,
          ...(call.timeoutMs === undefined ? {} : { timeoutMs: call.timeoutMs }),
        });
      } catch (err) {
        this.#pending.delete(id);
        reject(new WeftError("INVALID_INPUT", `Cannot call "${call.name}": ${err}`));
      }
    });
  }
}
