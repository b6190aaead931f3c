/**
 * Short, typeable ids (`s1`, `w2`, `p3`) that are never reused while the server lives.
 *
 * @module
 */

/**
 * Hands out ids per prefix, counting up.
 *
 * @example
 * ```ts
 * import { IdAllocator } from "./ids.ts";
 * const ids = new IdAllocator();
 * console.assert(ids.next("p") === "p1" && ids.next("p") === "p2");
 * ```
 */
export class IdAllocator {
  #counters = new Map<string, number>();

  /** The next unused id with this prefix. */
  next(prefix: string): string {
    const n = (this.#counters.get(prefix) ?? 0) + 1;
    this.#counters.set(prefix, n);
    return `${prefix}${n}`;
  }

  /** The last number handed out per prefix (what a store keeps so ids continue after it). */
  counters(): Record<string, number> {
    return Object.fromEntries(this.#counters);
  }

  /** Makes sure ids up to `id` are never handed out again (after a restore). */
  reserve(id: string): void {
    const m = /^([a-z]+)(\d+)$/.exec(id);
    if (!m) return;
    const n = Number(m[2]);
    if (n > (this.#counters.get(m[1]!) ?? 0)) this.#counters.set(m[1]!, n);
  }
}
