/**
 * Blocked `message.wait` calls, per recipient. A new message is handed to exactly one waiter
 * whose priority filter it passes (the one waiting longest); any number may wait at once.
 *
 * @module
 */

import type { Priority, StoredMessage } from "./_store.ts";

/** Which priorities a `priority_filter` lets through. */
export const PRIORITY_FILTERS: Readonly<Record<string, readonly Priority[] | undefined>> = {
  all: undefined,
  critical: ["critical"],
  high_and_above: ["critical", "high"],
  normal_and_above: ["critical", "high", "normal"],
};

interface Waiter {
  priorities: ReadonlySet<Priority> | undefined;
  take: (message: StoredMessage) => void;
}

/** The waiters of every recipient. */
export class Waiters {
  #by = new Map<string, Waiter[]>();

  /**
   * Waits for `recipient`'s next message that passes `priorities`; `take` gets it. Returns the
   * function that stops waiting.
   */
  add(
    recipient: string,
    priorities: readonly Priority[] | undefined,
    take: (message: StoredMessage) => void,
  ): () => void {
    const waiter: Waiter = { priorities: priorities && new Set(priorities), take };
    const list = this.#by.get(recipient) ?? [];
    list.push(waiter);
    this.#by.set(recipient, list);
    return () => this.#remove(recipient, waiter);
  }

  /** Hands `message` to its recipient's first matching waiter; false when none took it. */
  offer(message: StoredMessage): boolean {
    const list = this.#by.get(message.to);
    const waiter = list?.find((w) => !w.priorities || w.priorities.has(message.priority));
    if (!waiter) return false;
    this.#remove(message.to, waiter);
    waiter.take(message);
    return true;
  }

  /** How many calls wait for `recipient` (all recipients without one). */
  count(recipient?: string): number {
    if (recipient !== undefined) return this.#by.get(recipient)?.length ?? 0;
    let n = 0;
    for (const list of this.#by.values()) n += list.length;
    return n;
  }

  #remove(recipient: string, waiter: Waiter): void {
    const list = this.#by.get(recipient);
    if (!list) return;
    const i = list.indexOf(waiter);
    if (i >= 0) list.splice(i, 1);
    if (!list.length) this.#by.delete(recipient);
  }
}
