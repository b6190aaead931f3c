/**
 * Keeps track of what runs in each pane's foreground, cheaply: nothing happens on the output
 * path (a pane's activity is a number the tracker compares on its own tick), a pane is looked at
 * only when it had output or input since its last look (and twice more after it went quiet, to
 * catch a program that starts without printing), at most once per tick, and all looks of a tick
 * run in one batch.
 *
 * @module
 */

/** What the tracker needs of time: a repeating tick (the model's clock has it). */
export interface TrackerClock {
  /** Calls `tick` every `ms` milliseconds until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
}

/** What the tracker is given. */
export interface ForegroundTrackerOptions<P> {
  /** Default: `performance.now()` and `setInterval`. */
  clock?: TrackerClock;
  /** The shortest time between two looks at one pane (default 250 ms). */
  intervalMs?: number;
  /** A number that changes whenever the pane had output or input (compared, never ordered). */
  activity: (id: string) => number;
  /** Looks at what runs in the pane now, given the last answer. */
  look: (id: string, last: P | null) => P | null;
  /** Whether two answers say the same (default: the same object). */
  same?: (a: P | null, b: P | null) => boolean;
  /** Called when a look found something else than the last one. */
  changed: (id: string, current: P | null) => void;
}

/**
 * Looks owed after activity: one now and two more on the next ticks, so a program that starts
 * without printing (`sleep 30` after its command line's echo) is still seen.
 */
const LOOKS_AFTER_ACTIVITY = 3;

const SYSTEM_CLOCK: TrackerClock = {
  every(ms, tick) {
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  },
};

interface Entry<P> {
  activity: number;
  /** Looks still owed: {@link LOOKS_AFTER_ACTIVITY} after activity, counting down. */
  due: number;
  current: P | null;
}

/**
 * Schedules looks at what runs in panes; the looks themselves are injected (`/proc` in the
 * server, a fake in tests).
 *
 * @example
 * ```ts
 * import { ForegroundTracker } from "./foreground.ts";
 * let ticks: (() => void) | undefined;
 * const clock = { every: (_ms: number, tick: () => void) => ((ticks = tick), () => {}) };
 * const seen: (string | null)[] = [];
 * const tracker = new ForegroundTracker<string>({
 *   clock,
 *   activity: () => 1,
 *   look: () => "sleep",
 *   same: (a, b) => a === b,
 *   changed: (_id, current) => seen.push(current),
 * });
 * tracker.watch("p1");
 * ticks!();
 * console.assert(seen[0] === "sleep" && tracker.current("p1") === "sleep");
 * ```
 */
export class ForegroundTracker<P> {
  #options: ForegroundTrackerOptions<P>;
  #entries = new Map<string, Entry<P>>();
  #stop: (() => void) | undefined;
  #looks = 0;
  #lookMs = 0;

  constructor(options: ForegroundTrackerOptions<P>) {
    this.#options = options;
  }

  /** Starts watching a pane; its first look comes on the next tick. */
  watch(id: string): void {
    this.#entries.set(id, { activity: NaN, due: LOOKS_AFTER_ACTIVITY, current: null });
    const clock = this.#options.clock ?? SYSTEM_CLOCK;
    this.#stop ??= clock.every(this.#options.intervalMs ?? 250, () => this.tick());
  }

  /** Stops watching a pane (closed or exited); returns its last answer. */
  unwatch(id: string): P | null {
    const entry = this.#entries.get(id);
    this.#entries.delete(id);
    if (!this.#entries.size) this.dispose();
    return entry?.current ?? null;
  }

  /** The last answer for a pane (null before the first look or when nothing could be read). */
  current(id: string): P | null {
    return this.#entries.get(id)?.current ?? null;
  }

  /** How many looks were made and the milliseconds they took, since the start. */
  stats(): { looks: number; lookMs: number } {
    return { looks: this.#looks, lookMs: Math.round(this.#lookMs * 1000) / 1000 };
  }

  /** One round: looks at each pane that had activity since its last look (or is still due). */
  tick(): void {
    const { activity, look, changed } = this.#options;
    const same = this.#options.same ?? ((a, b) => a === b);
    let started: number | undefined;
    for (const [id, entry] of this.#entries) {
      const now = activity(id);
      if (now !== entry.activity) {
        entry.activity = now;
        entry.due = LOOKS_AFTER_ACTIVITY;
      }
      if (entry.due === 0) continue;
      entry.due--;
      started ??= performance.now();
      this.#looks++;
      const next = look(id, entry.current);
      if (same(next, entry.current)) continue;
      entry.current = next;
      changed(id, next);
    }
    if (started !== undefined) this.#lookMs += performance.now() - started;
  }

  /** Stops the tick (watching a pane again starts it). */
  dispose(): void {
    this.#stop?.();
    this.#stop = undefined;
  }
}
