/**
 * Which events a subscriber may receive: one table, used by the bus for every subscriber
 * whichever door it came through (a plugin Worker, a socket client, in-process code). Deny by
 * default: a topic no row knows is only for callers with every right.
 *
 * @module
 */

import type { Capability, GrantSet } from "./capabilities.ts";

/** Topic prefix → the capability needed to receive it (`null`: anyone may). */
export const TOPIC_RIGHTS: readonly (readonly [string, Capability | null])[] = [
  ["pane.", "pane:read"],
  ["message.", "message:read"],
  // The bridge's turn events carry the agents' replies.
  ["bridge.", "message:read"],
  // What a program in a pane copied (`tmux load-buffer -w`): pane content.
  ["tmux.", "pane:read"],
  // Which host's agents changed (the fabric's presence): no pane content.
  ["fabric.agents_changed", "pane:read"],
  ["layout.", null],
  ["focus.", null],
  ["session.", null],
  ["window.", null],
  ["plugin.", null],
  ["bus.", null],
];

/**
 * Topic prefixes whose events go to their owner alone: the subscriber that `data.owner` names
 * (a canvas's keys and sizes go to the plugin that draws it, not to every `pane:read` reader).
 * The core's own in-process code still sees them.
 */
export const OWNER_TOPICS: readonly string[] = ["pane.canvas."];

/**
 * True when events of `topic` go only to the owner their data names.
 *
 * @example
 * ```ts
 * import { forOwnerOnly } from "./event_rights.ts";
 * console.assert(forOwnerOnly("pane.canvas.input") && !forOwnerOnly("pane.output"));
 * ```
 */
export function forOwnerOnly(topic: string): boolean {
  return OWNER_TOPICS.some((prefix) => topic.startsWith(prefix));
}

/**
 * What receiving `topic` needs: a capability, `null` for nothing, `undefined` for a topic no
 * row knows (only a caller with every right receives it).
 *
 * @example
 * ```ts
 * import { topicRight } from "./event_rights.ts";
 * console.assert(topicRight("pane.output") === "pane:read");
 * console.assert(topicRight("layout.changed") === null);
 * console.assert(topicRight("secret.thing") === undefined);
 * ```
 */
export function topicRight(topic: string): Capability | null | undefined {
  return TOPIC_RIGHTS.find(([prefix]) => topic.startsWith(prefix))?.[1];
}

/**
 * True when a subscriber with `grant` may receive events of `topic`.
 *
 * @example
 * ```ts
 * import { mayReceive } from "./event_rights.ts";
 * console.assert(mayReceive("pane.output", new Set(["pane:read"])));
 * console.assert(!mayReceive("pane.output", new Set()));
 * console.assert(!mayReceive("secret.thing", new Set(["pane:read"])));
 * ```
 */
export function mayReceive(topic: string, grant: GrantSet): boolean {
  if (grant === "all") return true;
  const right = topicRight(topic);
  return right === null || (right !== undefined && grant.has(right));
}

/**
 * The topic patterns of a subscription that `grant` may not subscribe to, each with why. A
 * pattern (`pane.output`, `pane.*`) is judged by the row that covers it; `*` is never refused:
 * it is bounded event by event.
 *
 * @example
 * ```ts
 * import { refusedTopics } from "./event_rights.ts";
 * const refused = refusedTopics(["layout.*", "pane.output"], new Set());
 * console.assert(refused.length === 1 && refused[0]?.needs === "pane:read");
 * ```
 */
export function refusedTopics(
  topics: readonly string[],
  grant: GrantSet,
): { topic: string; needs: Capability | "every right" }[] {
  if (grant === "all") return [];
  const refused: { topic: string; needs: Capability | "every right" }[] = [];
  for (const topic of topics) {
    if (topic === "*") continue;
    const covered = topic.endsWith(".*") ? topic.slice(0, -1) : topic;
    if (mayReceive(covered, grant)) continue;
    refused.push({ topic, needs: topicRight(covered) ?? "every right" });
  }
  return refused;
}
