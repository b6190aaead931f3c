/**
 * Sends what the human types to panes, in order: keys typed while a write is on its way are
 * batched into the next one, so a fast typist costs a handful of calls, never a reordering.
 *
 * @module
 */

/** One piece of input: text as typed, named keys (encoded by the server for the pane's
 * modes), a paste (bracketed when the pane's program asked for it), or raw bytes (each
 * character one byte, 0–255: an X10 mouse report, whose bytes past 127 are not UTF-8). */
export type InputPiece = { text: string } | { keys: string[] } | { paste: string } | {
  bytes: string;
};

/** Sends one `pane.write`; the client's caller kind (`tui`) marks it as a human's. */
export type PaneWriter = (pane: string, input: Record<string, unknown>) => Promise<unknown>;

/**
 * Per-pane ordered, batched input.
 *
 * @example
 * ```ts
 * import { PaneInput } from "./pane_input.ts";
 * const sent: unknown[] = [];
 * const input = new PaneInput(async (pane, params) => void sent.push([pane, params]));
 * input.send("p1", { text: "l" });
 * input.send("p1", { text: "s" });
 * input.send("p1", { keys: ["Up"] });
 * await input.idle();
 * console.assert(sent.length === 3);
 * ```
 */
export class PaneInput {
  #write: PaneWriter;
  #queues = new Map<string, InputPiece[]>();
  #running = new Map<string, Promise<void>>();
  #onError: (err: unknown) => void;

  constructor(write: PaneWriter, onError: (err: unknown) => void = () => {}) {
    this.#write = write;
    this.#onError = onError;
  }

  /** Queues input for `pane`. */
  send(pane: string, piece: InputPiece): void {
    const queue = this.#queues.get(pane) ?? [];
    const last = queue.at(-1);
    if (last && "text" in last && "text" in piece) last.text += piece.text;
    else if (last && "keys" in last && "keys" in piece) last.keys.push(...piece.keys);
    else queue.push("keys" in piece ? { keys: [...piece.keys] } : { ...piece });
    this.#queues.set(pane, queue);
    if (!this.#running.has(pane)) this.#running.set(pane, this.#drain(pane));
  }

  /** Resolves when every queued piece has been sent. */
  async idle(): Promise<void> {
    while (this.#running.size) await Promise.all(this.#running.values());
  }

  async #drain(pane: string): Promise<void> {
    try {
      const queue = this.#queues.get(pane)!;
      while (queue.length) {
        const piece = queue.shift()!;
        const params = "text" in piece
          ? { text: piece.text, paste: false }
          : "keys" in piece
          ? { keys: piece.keys }
          : "bytes" in piece
          ? { bytes: btoa(piece.bytes) }
          : { text: piece.paste, paste: true };
        await this.#write(pane, params).catch(this.#onError);
      }
    } finally {
      this.#running.delete(pane);
      this.#queues.delete(pane);
    }
  }
}
