/**
 * When the attach client draws: at most one frame per `frameMs`, never two writes to the
 * terminal at once, and a frame asked for while one is written comes right after it.
 *
 * @module
 */

/**
 * Schedules calls of `draw`.
 *
 * @example
 * ```ts ignore
 * const frames = new FrameLoop(16, async () => await terminal.write(render()));
 * frames.schedule();
 * ```
 */
export class FrameLoop {
  #frameMs: number;
  #draw: () => Promise<void>;
  #dirty = false;
  #writing = false;
  #stopped = false;
  #last = -Infinity;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(frameMs: number, draw: () => Promise<void>) {
    this.#frameMs = frameMs;
    this.#draw = draw;
  }

  /** Asks for a frame. */
  schedule(): void {
    this.#dirty = true;
    if (this.#timer || this.#writing || this.#stopped) return;
    const wait = Math.max(0, this.#last + this.#frameMs - performance.now());
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#run();
    }, wait);
  }

  /** No more frames. */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  async #run(): Promise<void> {
    if (!this.#dirty || this.#stopped) return;
    this.#dirty = false;
    this.#last = performance.now();
    this.#writing = true;
    try {
      await this.#draw();
    } finally {
      this.#writing = false;
    }
    if (this.#dirty) this.schedule();
  }
}
