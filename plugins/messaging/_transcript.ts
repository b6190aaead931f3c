/**
 * What the agent really took, from its transcript (the core's `pane.transcript`: the file the
 * pane's own agent named through its hooks; the plugin never reads files). A delivery's intent
 * is stored with the transcript's size when it was recorded (`typing@1234`, `handing@1234`), so
 * a crash in between is resolved by looking at what was written after that byte: an earlier
 * message with the same text, written before, is never taken for it.
 *
 * @module
 */

import type { BusCall } from "@weft/weft/plugin";
import type { StoredMessage } from "./_store.ts";

/**
 * A delivery under way (typed into the prompt, or handed to a hook whose answer is on its way),
 * or given up on while it may still have been taken (`undelivered` with a mark and an agent: a
 * hand-over the transcript had not shown; read `hook` if it shows it later).
 */
export type IntentKind = "typing" | "handing" | "undelivered";

/** An intent as the inbox's delivery column holds it. */
export interface Intent {
  kind: IntentKind;
  /** The transcript's size when it was recorded; none: the transcript could not be read. */
  mark?: number;
  /**
   * The pane's process when it was recorded: while the pane runs the same one, the agent that
   * got the hand-over may still take it (the plugin alone restarted); another one (the server
   * restarted, the pane respawned) never will.
   */
  agent?: number;
}

/**
 * The delivery column's value for an intent.
 *
 * @example
 * ```ts
 * import { intent, intentOf } from "./_transcript.ts";
 * console.assert(intent("handing", 12) === "handing@12");
 * console.assert(intent("handing", 12, 345) === "handing@12:345");
 * console.assert(intentOf("handing@12:345")?.agent === 345);
 * console.assert(intentOf("handing@12")?.mark === 12 && intentOf("typing")?.kind === "typing");
 * console.assert(intentOf("undelivered@12:345")?.kind === "undelivered");
 * console.assert(intentOf("hook") === undefined && intentOf(null) === undefined);
 * ```
 */
export function intent(kind: IntentKind, mark?: number, agent?: number): string {
  return kind + (mark === undefined ? "" : `@${mark}`) + (agent ? `:${agent}` : "");
}

/** The intent a delivery column holds, or undefined (none, or a finished delivery). */
export function intentOf(delivery: string | null): Intent | undefined {
  const m = delivery?.match(/^(typing|handing|undelivered)(?:@(\d{1,15}))?(?::(\d{1,10}))?$/);
  if (!m) return undefined;
  return {
    kind: m[1] as IntentKind,
    ...(m[2] ? { mark: Number(m[2]) } : {}),
    ...(m[3] ? { agent: Number(m[3]) } : {}),
  };
}

/** The smallest mark of these messages' intents, or undefined when one has none. */
export function markOf(messages: readonly StoredMessage[]): number | undefined {
  const marks = messages.map((m) => intentOf(m.delivery)?.mark);
  return marks.some((m) => m === undefined) ? undefined : Math.min(...marks as number[]);
}

/** What a transcript is searched for: the first line of the message's frame, cut to 200. */
export function needle(text: string): string {
  return text.split("\n")[0]!.slice(0, 200);
}

/** Looks into the transcripts of panes' agents. */
export class Transcripts {
  #call: BusCall;

  constructor(call: BusCall) {
    this.#call = call;
  }

  /** The transcript's size now; undefined when the pane's agent has none weft may read. */
  async size(pane: string): Promise<number | undefined> {
    const r = await this.#look(pane, {});
    return r?.available ? r.size : undefined;
  }

  /**
   * Whether `text` was written to the transcript after byte `after`; undefined when that
   * cannot be known (no readable transcript, or no mark).
   */
  async shows(pane: string, text: string, after: number | undefined): Promise<boolean | undefined> {
    if (after === undefined) return undefined;
    const r = await this.#look(pane, { find: needle(text), after });
    return r?.available ? r.found > 0 : undefined;
  }

  async #look(pane: string, what: { find?: string; after?: number }) {
    try {
      return await this.#call<{ available: boolean; size: number; found: number }>(
        "pane.transcript",
        { pane, ...what },
      );
    } catch {
      return undefined;
    }
  }
}
