/**
 * How far each host's clock is from this one's, learned from presence: every record says when
 * its host wrote it (its clock) and the hub stamps when it stored it (the hub's clock), so each
 * host's distance to the hub's clock is known, and with this host's own, the distance between
 * the two. Each sample also holds the time the put took to reach the hub, so the smallest of
 * the last minute's is kept. A call that reaches a host later than its caller waited for it
 * (a link cut and healed delivers what it held) is then known as such there, and not run: the
 * caller was told `HOST_UNREACHABLE`.
 *
 * @module
 */

/** How long a sample counts (ms): long enough for many beats, short against clock drift. */
const WINDOW_MS = 60_000;

/** What a call may be late by, past its caller's wait, and still run (ms). */
export const LATE_MARGIN_MS = 1000;

/** Each host's clock against the hub's. */
export class Clocks {
  #samples = new Map<string, { skew: number; at: number }[]>();

  /** `host` wrote a record at `hostMs` (its clock), which the hub stored at `hubMs`. */
  sample(host: string, hubMs: number, hostMs: number, now = Date.now()): void {
    if (!Number.isFinite(hubMs) || !Number.isFinite(hostMs)) return;
    const list = (this.#samples.get(host) ?? []).filter((s) => now - s.at < WINDOW_MS);
    list.push({ skew: hubMs - hostMs, at: now });
    this.#samples.set(host, list);
  }

  /**
   * What to add to a time on `host`'s clock to read it on `self`'s; undefined until both were
   * heard of.
   *
   * @example
   * ```ts
   * import { Clocks } from "./clocks.ts";
   * const c = new Clocks();
   * c.sample("far", 10_000, 5_000); // far's clock is 5 s behind the hub's
   * c.sample("here", 10_000, 9_000); // this one's 1 s behind
   * console.assert(c.offset("far", "here") === 4_000);
   * ```
   */
  offset(host: string, self: string): number | undefined {
    const skew = (h: string) => {
      const list = this.#samples.get(h);
      return list?.length ? Math.min(...list.map((s) => s.skew)) : undefined;
    };
    const [far, near] = [skew(host), skew(self)];
    return far === undefined || near === undefined ? undefined : far - near;
  }
}

/**
 * Whether a call sent at `sentAt` (its caller's clock) by a caller that waited `waitMs` comes
 * too late to run here, with `offset` from {@link Clocks.offset} (unknown: never too late).
 *
 * @example
 * ```ts
 * import { tooLate } from "./clocks.ts";
 * console.assert(tooLate(0, 1500, 0, 5000));
 * console.assert(!tooLate(0, 1500, 0, 2000));
 * console.assert(!tooLate(0, 1500, undefined, 60_000));
 * ```
 */
export function tooLate(
  sentAt: number | undefined,
  waitMs: number | undefined,
  offset: number | undefined,
  now = Date.now(),
): boolean {
  if (sentAt === undefined || waitMs === undefined || offset === undefined) return false;
  return now - (sentAt + offset) > waitMs + LATE_MARGIN_MS;
}
