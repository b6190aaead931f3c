/**
 * Desktop notifications for an attached terminal: when an agent starts waiting for a human
 * (its pane turns `blocked`), one OSC 9 naming it and its question; at most one per pane every
 * {@link NOTIFY_EVERY_MS}, so an agent that flips between states does not flood the desktop;
 * none for a muted pane (`weft mute PANE`).
 *
 * @module
 */

import { osc9 } from "../../protocols/terminal/notify.ts";
import { notifyMuted } from "../../protocols/bus/records.ts";

/** The least time between two notifications of one pane. */
export const NOTIFY_EVERY_MS = 10_000;

/** A pane as the client knows it before the event. */
interface Known {
  id: string;
  name: string | null;
  agent: string;
  state: string;
  /** Its metadata: `notify: "off"` mutes it (`weft mute PANE`). */
  meta?: Readonly<Record<string, string>>;
}

/**
 * Decides which `pane.state` events become notifications.
 *
 * @example
 * ```ts
 * import { NeedNotices } from "./need_notices.ts";
 * const notices = new NeedNotices(() => 0);
 * const p3 = { id: "p3", name: null, agent: "claude", state: "working" };
 * const seq = notices.seen(p3, { state: "blocked", message: "Allow Bash(ls)?" });
 * console.assert(seq === "\x1b]9;weft: p3 claude: Allow Bash(ls)?\x07");
 * ```
 */
export class NeedNotices {
  #last = new Map<string, number>();
  #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** The OSC 9 sequence to write for `event` on `pane`, or undefined for none. */
  seen(
    pane: Known | undefined,
    event: { state: string; message?: string | null },
  ): string | undefined {
    if (event.state !== "blocked" || !pane || pane.state === "blocked") return undefined;
    if (notifyMuted(pane.meta)) return undefined;
    const now = this.#now();
    if (now - (this.#last.get(pane.id) ?? -Infinity) < NOTIFY_EVERY_MS) return undefined;
    this.#last.set(pane.id, now);
    return osc9(`weft: ${pane.name ?? pane.id} ${pane.agent}: ${event.message ?? "needs you"}`);
  }
}
