/**
 * Events on the wire: a topic, the pane it is about, its data; and the filters subscribers
 * send (topics exact, `prefix.*` or `*`; optionally panes).
 *
 * @module
 */

/** One event as delivered. */
export interface WeftEvent<T = unknown> {
  topic: string;
  /** The pane the event is about, when it is about one. */
  pane?: string;
  /**
   * The plugin that published it. Absent on the core's own events: a plugin publishes only
   * under its own name and never a core topic, and its events always carry this.
   */
  publisher?: string;
  data: T;
}

/** What a subscriber wants: topics (exact, `pane.*` prefix, or `*`) and optionally panes. */
export interface EventFilter {
  topics: readonly string[];
  panes?: readonly string[];
  /**
   * For another host's panes (`buildbox/p3`): first the output that host keeps for them (its
   * last 256 KiB, from a screen picture on), then live. Without it, live output only.
   */
  replay?: boolean;
}

/** True when a topic pattern (exact, `prefix.*` or `*`) covers `topic`. */
export function topicMatches(pattern: string, topic: string): boolean {
  if (pattern === "*" || pattern === topic) return true;
  return pattern.endsWith(".*") && topic.startsWith(pattern.slice(0, -1));
}

/** True when an event on `topic` about `pane` passes `filter`. */
export function eventMatches(
  filter: EventFilter,
  topic: string,
  pane: string | undefined,
): boolean {
  if (!filter.topics.some((p) => topicMatches(p, topic))) return false;
  if (!filter.panes?.length) return true;
  return pane !== undefined && filter.panes.includes(pane);
}
