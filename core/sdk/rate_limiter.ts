/**
 * A token bucket per pane: `perSecond` commands on average, `burst` at once.
 *
 * @module
 */

/** Token buckets by key. */
export class RateLimiter {
  #perSecond: number;
  #burst: number;
  #now: () => number;
  #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(options: { perSecond: number; burst: number; now?: () => number }) {
    this.#perSecond = options.perSecond;
    this.#burst = options.burst;
    this.#now = options.now ?? (() => performance.now());
  }

  /** Takes a token for `key`; false when there is none left. */
  take(key: string): boolean {
    const now = this.#now();
    const bucket = this.#buckets.get(key) ?? { tokens: this.#burst, at: now };
    bucket.tokens = Math.min(
      this.#burst,
      bucket.tokens + ((now - bucket.at) / 1000) * this.#perSecond,
    );
    bucket.at = now;
    this.#buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Forgets a key (its pane closed). */
  forget(key: string): void {
    this.#buckets.delete(key);
  }
}
