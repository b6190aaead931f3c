/**
 * Runs the store's WAL checkpoints in a Worker (see `_checkpoint_worker.ts`), at most one at a
 * time, every `everyMs`. The Worker starts at the first tick, not with the server: starting a
 * Worker holds the main thread for ~20 ms and its isolate takes a core for longer, which the
 * server's start-up (socket ready, plugin processes loading) has better uses for.
 *
 * @module
 */

/** Checkpoints one store file off the event loop until stopped. */
export class Checkpointer {
  #file: string;
  #worker: Worker | undefined;
  #timer: ReturnType<typeof setInterval>;
  #busy = false;

  constructor(file: string, everyMs: number) {
    this.#file = file;
    this.#timer = setInterval(() => this.#tick(), everyMs);
    Deno.unrefTimer(this.#timer);
  }

  /** Stops the Worker (a checkpoint in progress is abandoned; the WAL stays valid). */
  stop(): void {
    clearInterval(this.#timer);
    this.#worker?.terminate();
  }

  #tick(): void {
    if (this.#busy) return;
    this.#busy = true;
    if (this.#worker) return this.#worker.postMessage("checkpoint");
    // The first tick opens the file in the Worker; the next one checkpoints.
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
