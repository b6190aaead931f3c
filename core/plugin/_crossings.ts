/**
 * How many messages crossed each plugin's pipe, both ways, by kind: what a feature costs in
 * round trips to its plugin's process (a message typed into an agent, a hook's hand-over),
 * counted as it happens, so a test can pin it and a bench can report it.
 *
 * @module
 */

import type { HostMessage, PluginMessage } from "../../protocols/plugin/mod.ts";

/**
 * Counts by kind: `out` is host → plugin, `in` is plugin → host; a call names its command, an
 * event its topic (`in call pane.read`, `out result`, `out event pane.state`).
 */
export type CrossingCounts = Record<string, number>;

/** One plugin's counter, kept across its restarts. */
export class Crossings {
  #counts = new Map<string, number>();

  /** Counts one message, sent (`out`) or received (`in`). */
  count(way: "in" | "out", message: HostMessage | PluginMessage): void {
    const key = `${way} ${kindOf(message)}`;
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
  }

  /** The counts so far. */
  counts(): CrossingCounts {
    return Object.fromEntries(this.#counts);
  }
}

function kindOf(message: HostMessage | PluginMessage): string {
  if (message.type === "call") return `call ${message.name}`;
  if (message.type === "event") return `event ${message.event.topic}`;
  return message.type;
}

/**
 * The counts of `after` that grew since `before`, with the increase: what crossed between two
 * readings.
 *
 * @example
 * ```ts
 * import { crossedSince } from "./_crossings.ts";
 * const d = crossedSince({ "out result": 2, "in log": 1 }, { "out result": 5, "in log": 1 });
 * console.assert(JSON.stringify(d) === '{"out result":3}');
 * ```
 */
export function crossedSince(before: CrossingCounts, after: CrossingCounts): CrossingCounts {
  const out: CrossingCounts = {};
  for (const [key, n] of Object.entries(after)) {
    const grew = n - (before[key] ?? 0);
    if (grew > 0) out[key] = grew;
  }
  return out;
}
