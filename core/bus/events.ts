/**
 * Events: topics with optional pane scope. Subscribers say which topics and which panes, so
 * nobody pays for output they did not ask for.
 *
 * @module
 */

import { type EventFilter, eventMatches, type WeftEvent } from "../../protocols/bus/events.ts";

type Listener = (event: WeftEvent) => void;

interface Subscription {
  filter: EventFilter;
  listener: Listener;
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

  /** Adds a subscriber; returns the function that removes it. */
  subscribe(filter: EventFilter, listener: Listener): () => void {
    const sub = { filter, listener };
    this.#subs.add(sub);
    return () => this.#subs.delete(sub);
  }

  /** True when someone would receive this topic for this pane (check before costly work). */
  wants(topic: string, pane?: string): boolean {
    for (const s of this.#subs) if (eventMatches(s.filter, topic, pane)) return true;
    return false;
  }

  /** Delivers an event to every matching subscriber. */
  publish(topic: string, data: unknown, pane?: string): void {
    const event: WeftEvent = pane === undefined ? { topic, data } : { topic, pane, data };
    for (const s of this.#subs) {
      if (!eventMatches(s.filter, topic, pane)) continue;
      try {
        s.listener(event);
      } catch (err) {
        console.error(`weft: event listener for "${topic}" failed:`, err);
      }
    }
  }
}
