/**
 * Events: topics with optional pane scope. Subscribers say which topics and which panes, so
 * nobody pays for output they did not ask for; their rights are checked when they subscribe.
 *
 * @module
 */

import { type EventFilter, eventMatches, type WeftEvent } from "../../protocols/bus/events.ts";
import { forOwnerOnly, mayReceive, refusedTopics } from "../../protocols/bus/event_rights.ts";
import type { Caller } from "../../protocols/bus/command_spec.ts";
import type { GrantSet } from "../../protocols/bus/capabilities.ts";
import type { PublishedData } from "../../protocols/bus/core_events.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { describeCaller } from "./_describe.ts";
import { ownerOf } from "./owner.ts";

type Listener = (event: WeftEvent) => void;

/**
 * Follows one subscriber's events of another host's pane (`buildbox/p3`), through the bus's
 * routes: returns how to stop, or undefined when no route reaches that host (or the pane is
 * this host's own).
 */
export type RemoteFollow = (
  pane: string,
  replay: boolean,
  emit: (event: WeftEvent) => void,
) => (() => void) | undefined;

/** Topics only the core publishes: these prefixes, and `layout.changed` (the model's). */
export const CORE_TOPIC_PREFIXES: readonly string[] = [
  "session.",
  "window.",
  "pane.",
  "server.",
  "focus.",
  "plugin.",
  "bus.",
];
const CORE_TOPICS: readonly string[] = ["layout.changed"];

/**
 * True for a topic only the core may publish.
 *
 * @example
 * ```ts
 * import { isCoreTopic } from "./events.ts";
 * console.assert(isCoreTopic("pane.output") && isCoreTopic("layout.changed"));
 * console.assert(!isCoreTopic("sideband.ran"));
 * ```
 */
export function isCoreTopic(topic: string): boolean {
  return CORE_TOPICS.includes(topic) || CORE_TOPIC_PREFIXES.some((p) => topic.startsWith(p));
}

interface Subscription {
  filter: EventFilter;
  listener: Listener;
  grants: GrantSet;
  /** The subscriber as an owner ({@link ownerOf}); none for in-process code. */
  owner: string | undefined;
}

/**
 * A topic/pane-filtered event hub. A throwing listener is reported, never allowed to stop
 * delivery to the others.
 *
 * @example
 * ```ts
 * import { EventHub } from "./events.ts";
 * const hub = new EventHub();
 * const seen: string[] = [];
 * hub.subscribe({ topics: ["pane.*"], panes: ["p1"] }, (e) => seen.push(e.topic));
 * hub.publish("pane.output", "x", "p1");
 * hub.publish("pane.output", "y", "p2");
 * console.assert(seen.length === 1);
 * ```
 */
export class EventHub {
  #subs = new Set<Subscription>();
  #watchers = new Set<(topics: readonly string[]) => void>();
  #remote: RemoteFollow | undefined;

  /** Installs how a subscription to another host's pane is followed (the bus's routes). */
  setRemote(follow: RemoteFollow): void {
    this.#remote = follow;
  }

  /**
   * Tells `watcher` the topics of every subscription from now on (the plugin host starts an
   * idle plugin when its topics are asked for); returns the function that stops it.
   */
  watchSubscriptions(watcher: (topics: readonly string[]) => void): () => void {
    this.#watchers.add(watcher);
    return () => this.#watchers.delete(watcher);
  }

  /**
   * Adds a subscriber; returns the function that removes it. A door passes its `caller`: a
   * topic its grants may not receive (`pane.output` without `pane:read`) is refused with
   * `DENIED`, and `*` brings only what they may receive. In-process code passes none (every
   * right).
   */
  subscribe(filter: EventFilter, listener: Listener, caller?: Caller): () => void {
    const grants = caller?.grants ?? "all";
    const refused = refusedTopics(filter.topics, grants);
    if (caller && refused.length) {
      const what = refused.map((r) => `"${r.topic}" (needs ${r.needs})`).join(", ");
      throw new WeftError(
        "DENIED",
        `Cannot subscribe to ${what}: ${describeCaller(caller)} lacks the right`,
        { refused },
      );
    }
    const sub = { filter, listener, grants, owner: caller ? ownerOf(caller) : undefined };
    this.#subs.add(sub);
    for (const watcher of this.#watchers) watcher(filter.topics);
    const remote = this.#followRemote(sub);
    return () => {
      this.#subs.delete(sub);
      for (const off of remote) off();
    };
  }

  /**
   * Another host's panes the subscription names, followed for it alone: their output comes
   * from that host (which checks this host's rights there) and passes the same checks here.
   */
  #followRemote(sub: Subscription): (() => void)[] {
    const offs: (() => void)[] = [];
    if (!this.#remote || !sub.filter.panes?.some((p) => p.includes("/"))) return offs;
    for (const pane of sub.filter.panes) {
      if (!pane.includes("/") || !this.#matches(sub, "pane.output", pane)) continue;
      const off = this.#remote(pane, sub.filter.replay === true, (event) => {
        if (!this.#subs.has(sub) || !this.#matches(sub, event.topic, event.pane)) return;
        try {
          sub.listener(event);
        } catch (err) {
          console.error(`weft: event listener for "${event.topic}" failed:`, err);
        }
      });
      if (off) offs.push(off);
    }
    return offs;
  }

  /** True when someone would receive this topic for this pane (check before costly work). */
  wants(topic: string, pane?: string): boolean {
    for (const s of this.#subs) if (this.#matches(s, topic, pane)) return true;
    return false;
  }

  /**
   * Delivers an event of the core to every matching subscriber. A core topic's data must be
   * its declared payload (`CoreEvents`); an undeclared core topic does not compile.
   */
  publish<T extends string>(topic: T, data: PublishedData<T>, pane?: string): void {
    this.#deliver(pane === undefined ? { topic, data } : { topic, pane, data });
  }

  /**
   * Delivers a plugin's event, marked with its name. Throws `DENIED` for a topic outside
   * `<plugin>.*` or one of the core's, so no plugin can speak as the core or as another plugin.
   */
  publishAs(plugin: string, topic: string, data: unknown, pane?: string): void {
    if (!topic.startsWith(`${plugin}.`) || isCoreTopic(topic)) {
      throw new WeftError(
        "DENIED",
        `Cannot publish "${topic}": plugin "${plugin}" may only publish "${plugin}.*" topics, never the core's`,
      );
    }
    const event: WeftEvent = {
      topic,
      ...(pane === undefined ? {} : { pane }),
      publisher: plugin,
      data,
    };
    this.#deliver(event);
  }

  #deliver(event: WeftEvent): void {
    const { topic, pane } = event;
    for (const s of this.#subs) {
      if (!this.#matches(s, topic, pane) || !this.#isFor(s, event)) continue;
      try {
        s.listener(event);
      } catch (err) {
        console.error(`weft: event listener for "${topic}" failed:`, err);
      }
    }
  }

  /** An owner-only event goes to the owner its data names (and to in-process code) alone. */
  #isFor(s: Subscription, event: WeftEvent): boolean {
    if (s.owner === undefined || !forOwnerOnly(event.topic)) return true;
    return (event.data as { owner?: unknown } | null)?.owner === s.owner;
  }

  #matches(s: Subscription, topic: string, pane: string | undefined): boolean {
    return eventMatches(s.filter, topic, pane) && mayReceive(topic, s.grants);
  }
}
