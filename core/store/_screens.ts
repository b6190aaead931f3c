/**
 * The last screenful of each pane, kept for restore. A screen is only marked when it changes
 * (one set insert per parsed batch: nothing on the output path), and read later in slices of a
 * few milliseconds and at most a few screens, each slice written at once: reading a full screen
 * with its colours takes up to 2 ms, so fifty busy panes read and written in one go would hold
 * the event loop for a tenth of a second.
 *
 * @module
 */

import type { Model } from "../model/mod.ts";
import type { ScreenChange } from "./db.ts";

/** Options of {@link ScreenKeeper}. */
export interface ScreenKeeperOptions {
  model: Model;
  /** Writes one slice of screens (one transaction). */
  write: (screens: ScreenChange[]) => void;
  /** Longest a slice reads before it yields (default 4 ms). */
  sliceMs?: number;
  /** Most screens a slice reads, so its write stays short too (default 8). */
  sliceScreens?: number;
  /** Told how long each slice's reading took (for figures). */
  busy?: (ms: number) => void;
}

/** Watches panes' screens and writes the changed ones when asked. */
export class ScreenKeeper {
  #o: ScreenKeeperOptions;
  #watching = new Map<string, () => void>();
  #changed = new Set<string>();
  #passing = false;
  #stopped = false;
  /** When a watched screen last changed (`performance.now()`). */
  changedAt = 0;

  constructor(options: ScreenKeeperOptions) {
    this.#o = options;
  }

  /** Starts watching a pane's screen (it counts as changed). */
  watch(id: string): void {
    const pane = this.#o.model.panes.get(id);
    if (!pane || this.#watching.has(id)) return;
    this.#watching.set(
      id,
      pane.screen.onChange(() => {
        this.#changed.add(id);
        this.changedAt = performance.now();
      }),
    );
    this.#changed.add(id);
  }

  /** Stops watching a pane's screen. */
  unwatch(id: string): void {
    this.#watching.get(id)?.();
    this.#watching.delete(id);
    this.#changed.delete(id);
  }

  /** Reads and writes the changed screens, a slice per task; a pass in progress goes on. */
  pass(): void {
    if (this.#passing || this.#stopped || !this.#changed.size) return;
    this.#passing = true;
    const ids = [...this.#changed];
    this.#changed.clear();
    const slice = () => {
      if (this.#stopped) return;
      const started = performance.now();
      const until = started + (this.#o.sliceMs ?? 4);
      const out: ScreenChange[] = [];
      // At least one screen per slice, however slow: a pass always ends.
      do {
        const read = this.#read(ids.shift()!);
        if (read) out.push(read);
      } while (
        ids.length && out.length < (this.#o.sliceScreens ?? 8) && performance.now() < until
      );
      this.#o.busy?.(performance.now() - started);
      this.#o.write(out);
      if (ids.length) setTimeout(slice, 0);
      else this.#passing = false;
    };
    slice();
  }

  /** Every watched screen, read now (a stop: the event loop no longer matters). */
  all(): ScreenChange[] {
    return [...this.#watching.keys()].flatMap((id) => this.#read(id) ?? []);
  }

  /** Stops watching everything; a pass in progress ends. */
  stop(): void {
    this.#stopped = true;
    for (const off of this.#watching.values()) off();
    this.#watching.clear();
  }

  #read(id: string): ScreenChange | undefined {
    const pane = this.#o.model.panes.get(id);
    if (!pane) return undefined;
    const read = pane.screen.read({ mode: "visible", ansi: true });
    return {
      pane: id,
      screen: { cols: read.cols, rows: read.rows, ansi: read.text, savedAt: Date.now() },
    };
  }
}
