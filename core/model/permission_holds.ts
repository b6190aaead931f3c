/**
 * Permission requests held open for a human's answer: one per pane at most, the one its
 * agent's `PermissionRequest` hook sent last. The HTTP door holds the request ({@link hold});
 * `pane.answer` decides it ({@link decide}); whatever else ends the wait (the time-out, the
 * hook's connection closing, the agent going on after an answer typed in its own dialog, the
 * pane closing) {@link release}s it with no decision, which leaves the agent at its dialog.
 *
 * @module
 */

import type { PermissionAsk, PermissionDecision } from "../../protocols/hooks/mod.ts";

/** A request being held. */
export interface HeldPermission extends PermissionAsk {
  /** Unique per request: `pane.answer` answers only the request its caller read. */
  id: string;
  pane: string;
  /** When it came (ISO 8601). */
  since: string;
  /** Whether the agent's own dialog for it was seen on screen (then its leaving ends it). */
  shown: boolean;
}

interface Entry {
  held: HeldPermission;
  settle: (decision: PermissionDecision | null) => void;
}

/** The held permission requests of a server. */
export class PermissionHolds {
  #entries = new Map<string, Entry>();
  #seq = 0;

  /**
   * Holds `ask` for `pane` until {@link decide} (the decision), or the signal, `ms`, or
   * {@link release} (null). A newer request of the same pane releases the older one.
   */
  hold(
    pane: string,
    ask: PermissionAsk,
    options: { ms: number; signal?: AbortSignal },
  ): Promise<PermissionDecision | null> {
    this.release(pane);
    const held: HeldPermission = {
      ...ask,
      id: `h${++this.#seq}-${crypto.randomUUID().slice(0, 8)}`,
      pane,
      since: new Date().toISOString(),
      shown: false,
    };
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(null), options.ms);
      const onAbort = () => settle(null);
      const settle = (decision: PermissionDecision | null) => {
        if (this.#entries.get(pane)?.held === held) this.#entries.delete(pane);
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
        resolve(decision);
      };
      this.#entries.set(pane, { held, settle });
      if (options.signal?.aborted) return settle(null);
      options.signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** The request held for `pane`, if any. */
  get(pane: string): HeldPermission | undefined {
    return this.#entries.get(pane)?.held;
  }

  /** Answers the request held for `pane` (the one with `id`, when given); false if none. */
  decide(pane: string, decision: PermissionDecision, id?: string): boolean {
    const entry = this.#entries.get(pane);
    if (!entry || (id !== undefined && entry.held.id !== id)) return false;
    entry.settle(decision);
    return true;
  }

  /** Ends the wait for `pane` with no decision (the agent's dialog decides). */
  release(pane: string): void {
    this.#entries.get(pane)?.settle(null);
  }

  /** Releases every request (the server stops). */
  releaseAll(): void {
    for (const pane of [...this.#entries.keys()]) this.release(pane);
  }
}
