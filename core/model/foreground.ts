/**
 * Keeps track of what runs in each pane's foreground, cheaply: nothing happens on the output
 * path (a pane's output and input are marks the tracker compares on its own tick), a pane is
 * looked at only when it had output or input since its last look (and twice more after it went
 * quiet, to catch a program that starts without printing), at most once per tick, and all looks
 * of a tick run in one batch. An idle pane costs one comparison per tick. A pane that keeps
 * printing while the same program runs is looked at less often (every 2nd, then every 4th tick)
 * until it gets input or something changes; only input, or every 4th look, asks for a full look
 * (what rarely changes on its own, such as the cwd). After input every look is full until the
 * pane has gone quiet: a busy program (a shell slow to read a typed `cd`) may act on the input
 * only after the first look, and the output it then prints brings the looks that see it.
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
  /** A mark that changes whenever the pane had output (compared, never ordered). */
  output: (id: string) => number;
  /** A mark that changes whenever the pane had input. */
  input: (id: string) => number;
  /**
   * Looks at what runs in the pane now, given the last answer; `full` asks to read again also
   * what rarely changes on its own (after input, and every 4th look).
   */
  look: (id: string, last: P | null, full: boolean) => P | null;
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
/** Looks that found nothing new, without input, before a pane is looked at less often. */
const CALM_HALF = 4;
const CALM_QUARTER = 8;
/** Every how many looks a look is full anyway. */
const FULL_EVERY = 4;

const SYSTEM_CLOCK: TrackerClock = {
  every(ms, tick) {
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  },
};

interface Entry<P> {
  output: number;
  input: number;
  /** Looks still owed: {@link LOOKS_AFTER_ACTIVITY} after activity, counting down. */
  due: number;
  /** Ticks to let pass before the next look (the back-off of a calm pane). */
  wait: number;
  /** Looks in a row that found nothing new, without input. */
  calm: number;
  /** Looks since the last full one. */
  sinceFull: number;
  /** Input came since the pane was last quiet: looks are full. */
  afterInput: boolean;
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
 *   output: () => 1,
 *   input: () => 0,
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
    this.#entries.set(id, {
      output: NaN,
      input: NaN,
      due: LOOKS_AFTER_ACTIVITY,
      wait: 0,
      calm: 0,
      sinceFull: FULL_EVERY,
      afterInput: false,
      current: null,
    });
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

  /** One round: looks at each pane that had activity since its last look (or is still owed). */
  tick(): void {
    let started: number | undefined;
    for (const [id, entry] of this.#entries) {
      const typed = this.#mark(id, entry);
      if (entry.due === 0) continue;
      if (entry.wait > 0 && !typed) {
        entry.wait--;
        continue;
      }
      started ??= performance.now();
      this.#look(id, entry, typed);
    }
    if (started !== undefined) this.#lookMs += performance.now() - started;
  }

  /** Notes a pane's activity since the last tick; true when it had input. */
  #mark(id: string, entry: Entry<P>): boolean {
    const output = this.#options.output(id);
    const input = this.#options.input(id);
    const typed = input !== entry.input;
    if (output !== entry.output || typed) entry.due = LOOKS_AFTER_ACTIVITY;
    if (typed && !Number.isNaN(entry.input)) entry.afterInput = true; // not the first look
    entry.output = output;
    entry.input = input;
    return typed;
  }

  #look(id: string, entry: Entry<P>, typed: boolean): void {
    const { look, changed } = this.#options;
    const same = this.#options.same ?? ((a, b) => a === b);
    const full = typed || entry.afterInput || entry.sinceFull >= FULL_EVERY;
    entry.due--;
    if (entry.due === 0) entry.afterInput = false;
    entry.sinceFull = full ? 1 : entry.sinceFull + 1;
    this.#looks++;
    const next = look(id, entry.current, full);
    const unchanged = same(next, entry.current);
    entry.calm = unchanged && !typed ? entry.calm + 1 : 0;
    entry.wait = entry.calm >= CALM_QUARTER ? 3 : entry.calm >= CALM_HALF ? 1 : 0;
    if (unchanged) return;
    entry.current = next;
    changed(id, next);
  }

  /** Stops the tick (watching a pane again starts it). */
  dispose(): void {
    this.#stop?.();
    this.#stop = undefined;
  }
}
