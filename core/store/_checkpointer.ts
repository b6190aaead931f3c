/**
 * Runs the store's WAL checkpoints in a Worker (see `_checkpoint_worker.ts`), at most one at a
 * time, every `everyMs`. The Worker starts at the first tick, not with the server: starting a
 * Worker holds the main thread for ~20 ms and its isolate takes a core for longer, which the
 * server's start-up (socket ready, plugin processes loading) has better uses for.
 *
 * @module
 */

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

  constructor(file: string, everyMs: number) {
    this.#file = file;
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
}
