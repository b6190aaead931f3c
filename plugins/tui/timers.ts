/**
 * The attach client's timers: a notice's end, the status bar's clock; all cleared when the
 * client ends.
 *
 * @module
 */

/** Timers cleared together. */
export class Timers {
  #timers = new Set<ReturnType<typeof setTimeout>>();

  /** Runs `fn` in `ms`, unless cleared before. */
  later(fn: () => void, ms: number): void {
    const t = setTimeout(() => {
      this.#timers.delete(t);
      fn();
    }, ms);
    this.#timers.add(t);
  }

  /** Runs `tick` at the start of every minute (the status bar's clock). */
  everyMinute(tick: () => void): void {
    const now = new Date();
    const untilNextMinute = 60_000 - (now.getSeconds() * 1000 + now.getMilliseconds()) + 5;
    this.later(() => {
      tick();
      this.everyMinute(tick);
    }, untilNextMinute);
  }

  /** Runs `tick` every `ms` (each run once the one before is scheduled), until cleared. */
  every(ms: number, tick: () => void): void {
    this.later(() => {
      tick();
      this.every(ms, tick);
    }, ms);
  }

  /** Clears every timer. */
  clear(): void {
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
  }
}
