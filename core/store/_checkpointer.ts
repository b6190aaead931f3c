/**
 * Runs the store's WAL checkpoints in a Worker (see `_checkpoint_worker.ts`), at most one at a
 * time, every `everyMs`.
 *
 * @module
 */

/** Checkpoints one store file off the event loop until stopped. */
export class Checkpointer {
  #worker: Worker;
  #timer: ReturnType<typeof setInterval>;
  #busy = true;

  constructor(file: string, everyMs: number) {
    this.#worker = new Worker(new URL("./_checkpoint_worker.ts", import.meta.url), {
      type: "module",
      name: "weft-store-checkpoint",
    });
    this.#worker.onmessage = () => (this.#busy = false);
    this.#worker.onerror = (e) => {
      e.preventDefault();
      this.#busy = false;
    };
    this.#worker.postMessage({ file });
    this.#timer = setInterval(() => {
      if (this.#busy) return;
      this.#busy = true;
      this.#worker.postMessage("checkpoint");
    }, everyMs);
    Deno.unrefTimer(this.#timer);
  }

  /** Stops the Worker (a checkpoint in progress is abandoned; the WAL stays valid). */
  stop(): void {
    clearInterval(this.#timer);
    this.#worker.terminate();
  }
}
