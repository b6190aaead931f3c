/**
 * Names that spoke from outside panes (`--as NAME`), kept so they can be answered: in the
 * messaging file's `seen` table, looked up by key, dropped when unseen past their time and,
 * past the most kept, the longest unseen first.
 *
 * @module
 */

import type { StatementSync } from "node:sqlite";

/** The outside names of one store. */
export class OutsideNames {
  #q: (sql: string) => StatementSync;
  #now: () => number;
  #limits: SeenLimits;
  /** How many names the table holds, once counted; when expired names were last dropped. */
  #count: number | undefined;
  #prunedAt = -Infinity;

  constructor(
    q: (sql: string) => StatementSync,
    options: { now: () => number; limits: SeenLimits },
  ) {
    this.#q = q;
    this.#now = options.now;
    this.#limits = options.limits;
  }

  /**
   * Remembers a name that spoke from outside panes (so it can be answered). Each call costs a
   * lookup by key and at most one write, however many names there are; names not seen for
   * `SeenLimits.ttlMs` are dropped, and past `SeenLimits.max` the longest unseen go first.
   */
  see(name: string): void {
    // A write (its own commit) per call halved the send rate: a known name is written again
    // only once its time is stale.
    const now = this.#now();
    const at = this.at(name);
    if (at !== undefined && now - at < SEEN_REFRESH_MS) return;
    this.#q("INSERT INTO seen (name, at) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET at = ?")
      .run(name, now, now);
    if (at === undefined) this.#trim(now);
  }

  /** When `name` was last seen from outside panes, or undefined when it is not remembered. */
  at(name: string): number | undefined {
    const row = this.#q("SELECT at FROM seen WHERE name = ?").get(name);
    if (!row) return undefined;
    // An expired name that was not dropped yet counts as gone.
    const at = Number(row.at);
    return this.#now() - at > this.#limits.ttlMs ? undefined : at;
  }

  /** The `limit` names seen from outside panes most recently, with when, newest first. */
  recent(limit: number): { name: string; at: number }[] {
    const since = this.#now() - this.#limits.ttlMs;
    return this.#q("SELECT name, at FROM seen WHERE at >= ? ORDER BY at DESC, name LIMIT ?")
      .all(since, limit).map((r) => ({ name: String(r.name), at: Number(r.at) }));
  }

  /**
   * Drops expired names and the oldest past the most kept now (the store does at open, so a
   * file filled by an earlier run is cut back before any call).
   */
  trim(): void {
    this.#count = undefined;
    this.#trim(this.#now());
  }

  /** Drops expired names (at most once a minute) and the oldest past the most kept. */
  #trim(now: number): void {
    const { max, ttlMs } = this.#limits;
    if (this.#count === undefined || now - this.#prunedAt >= SEEN_PRUNE_MS) {
      this.#prunedAt = now;
      this.#q("DELETE FROM seen WHERE at < ?").run(now - ttlMs);
      this.#count = Number(this.#q("SELECT count(*) AS n FROM seen").get()?.n ?? 0);
    } else this.#count++;
    if (this.#count <= max) return;
    const over = this.#count - max;
    this.#q("DELETE FROM seen WHERE name IN (SELECT name FROM seen ORDER BY at LIMIT ?)")
      .run(over);
    this.#count -= over;
  }
}

/** How many outside names are kept, and for how long unseen. */
export interface SeenLimits {
  max: number;
  ttlMs: number;
}

/** Ten thousand names, each for 30 days after it was last seen. */
export const SEEN_DEFAULTS: SeenLimits = { max: 10_000, ttlMs: 30 * 24 * 3600_000 };

/** How stale a seen name's time may get before `see` writes it again. */
const SEEN_REFRESH_MS = 60_000;
/** How often `see` drops expired names. */
const SEEN_PRUNE_MS = 60_000;
