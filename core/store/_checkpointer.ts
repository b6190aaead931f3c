/**
 * Runs the store's WAL checkpoints in a Worker (see `_checkpoint_worker.ts`), at most one at a
 * time, every `everyMs`. Starting a Worker holds the main thread for 17–20 ms (`new Worker`
 * returns once the Worker's isolate is built) and its isolate takes a core for longer: a
 * keystroke's echo that waits behind it is 10–20 times slower than its usual 1–2 ms. So a
 * Worker starts only at a tick when the server has been quiet (nothing changed for
 * `quietMs`), or once the file has waited `maxDeferMs` for a checkpoint (a pane that never
 * stops drawing); a running one checkpoints at every tick.
 *
 * @module
 */

/** Options of {@link Checkpointer}. */
export interface CheckpointerOptions {
  /** Ms since anything changed (a screen, an event): a Worker starts only when quiet. */
  idleMs?: () => number;
  /** Quiet enough to start a Worker (default 1000 ms). */
  quietMs?: number;
  /** Longest a change waits for its checkpoint when the server is never quiet (default 30 s). */
  maxDeferMs?: number;
}

/**
 * Checkpoints one store file off the event loop until stopped. A tick with no transaction
 * written since the last checkpoint ends the Worker (an idle server holds no isolate for it,
 * ~7 MB); the next change starts it again.
 */
export class Checkpointer {
  #file: string;
  #worker: Worker | undefined;
  #timer: ReturnType<typeof setInterval>;
  #busy = false;
  #starts = 0;
  /** A transaction went into the file since the last checkpoint began. */
  #dirty = true;
  /** When the file first had a change with no Worker to checkpoint it (0: none waits). */
  #waitingSince = 0;
  #o: CheckpointerOptions;

  constructor(file: string, everyMs: number, options: CheckpointerOptions = {}) {
    this.#file = file;
    this.#o = options;
    this.#timer = setInterval(() => this.#tick(), everyMs);
    Deno.unrefTimer(this.#timer);
  }

  /** A transaction went into the file: the next tick checkpoints. */
  changed(): void {
    this.#dirty = true;
  }

  /** Whether the Worker runs now (for tests). */
  get running(): boolean {
    return this.#worker !== undefined;
  }

  /** How many Workers were started so far (for tests: a short-lived one is not missed). */
  get starts(): number {
    return this.#starts;
  }

  /** Stops the Worker (a checkpoint in progress is abandoned; the WAL stays valid). */
  stop(): void {
    clearInterval(this.#timer);
    this.#worker?.terminate();
    this.#worker = undefined;
  }

  #tick(): void {
    if (this.#busy) return;
    if (!this.#dirty) {
      // Nothing new since the last checkpoint, which is done: the WAL is in the file.
      this.#worker?.terminate();
      this.#worker = undefined;
      return;
    }
    if (!this.#worker && !this.#mayStart()) return;
    this.#waitingSince = 0;
    this.#dirty = false;
    this.#busy = true;
    if (this.#worker) return this.#worker.postMessage("checkpoint");
    // A new Worker opens the file and checkpoints it.
    this.#starts++;
    this.#worker = new Worker(new URL("./_checkpoint_worker.ts", import.meta.url), {
      type: "module",
      name: "weft-store-checkpoint",
    });
    this.#worker.onmessage = () => (this.#busy = false);
    this.#worker.onerror = (e) => {
      e.preventDefault();
      this.#busy = false;
    };
    this.#worker.postMessage({ file: this.#file });
  }

  /** Whether a Worker may start now: the server is quiet, or the change waited long enough. */
  #mayStart(): boolean {
    const now = performance.now();
    this.#waitingSince ||= now;
    const idle = this.#o.idleMs?.() ?? Infinity;
    return idle >= (this.#o.quietMs ?? 1000) ||
      now - this.#waitingSince >= (this.#o.maxDeferMs ?? 30_000);
  }
}
