/**
 * Events: topics with optional pane scope. Subscribers say which topics and which panes, so
 * nobody pays for output they did not ask for; their rights are checked when they subscribe.
 *
 * @module
 */

import { type EventFilter, eventMatches, type WeftEvent } from "../../protocols/bus/events.ts";
import { mayReceive, refusedTopics } from "../../protocols/bus/event_rights.ts";
import type { Caller } from "../../protocols/bus/command_spec.ts";
import type { GrantSet } from "../../protocols/bus/capabilities.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { describeCaller } from "./_describe.ts";

type Listener = (event: WeftEvent) => void;

interface Subscription {
  filter: EventFilter;
  listener: Listener;
  grants: GrantSet;
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
    const sub = { filter, listener, grants };
    this.#subs.add(sub);
    return () => this.#subs.delete(sub);
  }

  /** True when someone would receive this topic for this pane (check before costly work). */
  wants(topic: string, pane?: string): boolean {
    for (const s of this.#subs) if (this.#matches(s, topic, pane)) return true;
    return false;
  }

  /** Delivers an event to every matching subscriber. */
  publish(topic: string, data: unknown, pane?: string): void {
    const event: WeftEvent = pane === undefined ? { topic, data } : { topic, pane, data };
    for (const s of this.#subs) {
      if (!this.#matches(s, topic, pane)) continue;
      try {
        s.listener(event);
      } catch (err) {
        console.error(`weft: event listener for "${topic}" failed:`, err);
      }
    }
  }

  #matches(s: Subscription, topic: string, pane: string | undefined): boolean {
    return eventMatches(s.filter, topic, pane) && mayReceive(topic, s.grants);
  }
}
