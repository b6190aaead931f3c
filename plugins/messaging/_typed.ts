/**
 * The typed rung of the delivery ladder: a message typed into an idle agent's prompt, checked
 * there, a pause, then Enter, then checked again. Exactly once: the intent (`typing`) is stored
 * before the first key (with the transcript's size then: `_transcript.ts`), and once Enter may
 * have been pressed the whole text is never typed again: a crash in between is resolved by
 * looking at the agent's transcript after that mark, else at its screen's history. What the agent really did decides: its `UserPromptSubmit` hook naming the text, its
 * state turning working, or the prompt emptied of the text. A prompt that still holds it after
 * `stallMs` is reported as stalled and gets one more Enter (never the text); one that holds it
 * still after `confirmMs` has the text taken back and the message left undelivered.
 *
 * @module
 */

import { type BusCall, WeftError } from "@weft/weft/plugin";
import {
  promptClearKeys,
  promptDraft,
  promptHolds,
  screenDialog,
} from "../../protocols/agents/mod.ts";
import { type PaneEntry, paneName } from "./_directory.ts";
import type { MessageStore, StoredMessage } from "./_store.ts";
import { intent, intentOf, markOf, Transcripts } from "./_transcript.ts";

/** What the typed rung needs. */
export interface TypedOptions {
  store: MessageStore;
  call: BusCall;
  /** The pane now (its state may have changed meanwhile). */
  pane: (id: string) => PaneEntry | undefined;
  /** Longest wait for a sign that the agent took the message, in ms. */
  confirmMs: number;
  /** When a message not yet taken is reported stalled (and Enter pressed once more); 5000. */
  stallMs?: number;
  /** The pause between the text shown in the prompt and Enter; 150. */
  pauseMs?: number;
  /** How often the prompt is read while waiting; 100. */
  pollMs?: number;
  log: (line: string) => void;
  /** Told when a typed delivery stalls (published as `message.delivery`). */
  report?: (report: DeliveryReport) => void;
}

/** What `message.delivery` says about a pane's messages. */
export interface DeliveryReport {
  pane: string;
  to: string;
  ids: readonly string[];
  status: "hook" | "typed" | "stalled" | "undelivered";
  reason?: string;
}

/** How one typed delivery ended. */
export type TypedOutcome = "typed" | "later" | "failed";

/** Most keys `pane.write` takes in one call. */
const MAX_KEYS = 1000;

/** The text typed for `messages`: one framed line (or paragraph) each. */
export function frame(messages: readonly StoredMessage[]): string {
  return messages.map((m) => {
    const prio = m.priority === "normal" ? "" : `, ${m.priority}`;
    return `[message from ${m.from}${prio}] ${m.content}`;
  }).join("\n");
}

/** Signs, from the agent, that a typed text was taken. */
interface Watch {
  text: string;
  taken: () => void;
  /** The agent said it took the text. */
  took?: boolean;
  /** Ends the pause of a check waiting for those signs. */
  wake?: (() => void) | undefined;
}

/** The longest pause between two checks of a prompt, in `pollMs`. */
const MAX_BACKOFF = 8;

/** Types messages into idle agent prompts. */
export class TypedRung {
  #o: TypedOptions;
  #watches = new Map<string, Watch>();
  #look: Transcripts;

  constructor(options: TypedOptions) {
    this.#o = options;
    this.#look = new Transcripts(options.call);
  }

  /** The agent submitted `prompt` (its hook said so): a typed message it holds was taken. */
  submitted(pane: string, prompt: string): void {
    const watch = this.#watches.get(pane);
    if (watch && flat(prompt).includes(flat(watch.text))) {
      watch.taken();
    }
  }

  /** The pane reported a state: working or blocked after Enter means the message was taken. */
  state(pane: PaneEntry): void {
    if (pane.state === "working" || pane.state === "blocked") this.#watches.get(pane.id)?.taken();
  }

  /**
   * Delivers `messages` into `pane`'s prompt. Some may carry the intent of a delivery a crash
   * cut short (`typing`): looked for first, in the prompt and the pane's history.
   */
  async deliver(pane: PaneEntry, messages: readonly StoredMessage[]): Promise<TypedOutcome> {
    const name = paneName(pane);
    const text = frame(messages);
    const ids = messages.map((m) => m.id);
    const draft = await this.#draft(pane);
    if (draft === undefined) return "later";
    const ours = draft !== "" && promptHolds(pane.agent, draft, text);
    if (draft !== "" && !ours) return "later";
    if (!ours && messages.some((m) => intentOf(m.delivery)?.kind === "typing")) {
      // Enter may have gone before the crash: look at what the agent took since the intent (its
      // transcript), else at what it shows (where an earlier message with the same text may be).
      const took = await this.#look.shows(pane.id, text, markOf(messages));
      if (took ?? await this.shown(pane, text)) return "typed";
    }
    const mark = await this.#look.size(pane.id);
    this.#o.store.markDelivery(name, ids, intent("typing", mark));
    const watch: Watch = { text, taken: () => (watch.took = true, watch.wake?.()) };
    this.#watches.set(pane.id, watch);
    try {
      if (!ours) {
        if (!await this.#write(pane, { text })) return this.#undo(name, ids);
        // Not shown yet (a loaded machine): no Enter. Nothing is taken back either: typing,
        // erasing and typing again could go on for as long as the load lasts. The next try
        // finds the text in the prompt (ours: Enter only), or an empty prompt (typed again).
        if (!await this.#until(() => this.#holds(pane, text), this.#o.stallMs ?? 5000)) {
          this.#o.log(`the text typed into ${name}'s prompt does not show yet; trying later`);
          return this.#undo(name, ids);
        }
      }
      await sleep(this.#o.pauseMs ?? 150);
      if (!await this.#write(pane, { keys: ["Enter"] })) return this.#undo(name, ids);
      // The prompt read without the text twice in a row: a screen caught mid-redraw once is
      // not taken for a submitted prompt.
      let empty = 0;
      const gone = async () =>
        watch.took || (empty = await this.#emptied(pane, text) ? empty + 1 : 0) >= 2;
      const stallMs = this.#o.stallMs ?? 5000;
      if (await this.#until(gone, stallMs, watch)) return await this.#written(pane, text, mark);
      const reason = `not taken ${stallMs} ms after Enter; pressing Enter once more`;
      this.#o.log(`delivery to ${name} stalled: ${ids.length} message(s) ${reason}`);
      this.#o.report?.({ pane: pane.id, to: name, ids, status: "stalled", reason });
      if (await this.#holds(pane, text)) await this.#write(pane, { keys: ["Enter"] });
      if (await this.#until(gone, Math.max(0, this.#o.confirmMs - stallMs), watch)) {
        return await this.#written(pane, text, mark);
      }
      // Still in the prompt: never submitted. Anything else: it left the prompt, so it was.
      if (await this.#emptied(pane, text)) return await this.#written(pane, text, mark);
      await this.#takeBack(pane, text).catch((err) =>
        this.#o.log(`cannot take back the text typed into ${pane.id}: ${(err as Error).message}`)
      );
      return "failed";
    } finally {
      if (this.#watches.get(pane.id) === watch) this.#watches.delete(pane.id);
    }
  }

  /**
   * Taken: given a little time to show in the transcript too, so that the next intent's mark
   * comes after it (a later message with the same text is then never taken for this one).
   */
  async #written(pane: PaneEntry, text: string, mark: number | undefined): Promise<"typed"> {
    if (mark === undefined) return "typed";
    await this.#until(async () => await this.#look.shows(pane.id, text, mark) !== false, 2000);
    return "typed";
  }

  /** Clears the intent: nothing was submitted, the messages wait for their next try. */
  #undo(name: string, ids: readonly string[]): TypedOutcome {
    this.#o.store.markDelivery(name, ids, null);
    return "later";
  }

  /** Writes to the pane, yielding to a human who is typing (false then). */
  async #write(pane: PaneEntry, what: { text: string } | { keys: string[] }): Promise<boolean> {
    try {
      await this.#o.call("pane.write", { pane: pane.id, ...what, yieldToHuman: true });
      return true;
    } catch (err) {
      if (err instanceof WeftError && err.code === "BUSY_HUMAN") return false;
      throw err;
    }
  }

  /**
   * True once `check` holds, within `ms`: checked after `pollMs`, then after twice that, and so
   * on up to {@link MAX_BACKOFF} times it (each check is a round trip to the core), and at
   * once when the agent's hook or state says the text was taken (`watch`). Not checked at
   * once: what was just done (the text typed, Enter, the prompt submitted) shows a moment
   * later, and a check before that only costs a round trip.
   */
  async #until(
    check: () => boolean | Promise<boolean>,
    ms: number,
    watch?: Watch,
  ): Promise<boolean> {
    const end = Date.now() + ms;
    const poll = this.#o.pollMs ?? 100;
    for (let wait = poll;; wait = Math.min(2 * wait, MAX_BACKOFF * poll)) {
      if (!watch?.took) await pause(Math.min(wait, Math.max(1, end - Date.now())), watch);
      if (await check()) return true;
      if (Date.now() >= end) return false;
    }
  }

  async #holds(pane: PaneEntry, text: string): Promise<boolean> {
    const draft = await this.#draft(pane);
    return draft !== undefined && draft !== "" && promptHolds(pane.agent, draft, text);
  }

  /** The prompt is readable and holds the text no more (nor a human's words around it). */
  async #emptied(pane: PaneEntry, text: string): Promise<boolean> {
    const now = this.#o.pane(pane.id);
    if (!now || now.exited) return false;
    const draft = await this.#draft(pane);
    if (draft === undefined || promptHolds(pane.agent, draft, text)) return false;
    return !flat(draft).includes(flat(text));
  }

  /**
   * Whether the pane's history shows the text's first line (a crash cut the record short, or
   * the transcript lags behind the screen).
   */
  async shown(pane: PaneEntry, text: string): Promise<boolean> {
    const { text: history } = await this.#o.call("pane.read", {
      pane: pane.id,
      mode: "history",
      joinWrapped: true,
    });
    const first = flat(text.split("\n")[0]!).slice(0, 120);
    return flat(history).includes(first);
  }

  /**
   * Erases what weft typed and could not submit, so later messages do not find it as a draft;
   * only when the prompt holds exactly that text (a human's words are never touched).
   */
  async #takeBack(pane: PaneEntry, text: string): Promise<void> {
    const draft = await this.#draft(pane);
    if (!draft || !promptHolds(pane.agent, draft, text)) return;
    const keys = promptClearKeys(pane.agent, draft) ?? [];
    for (let i = 0; i < keys.length; i += MAX_KEYS) {
      if (!await this.#write(pane, { keys: keys.slice(i, i + MAX_KEYS) })) {
        this.#o.log(`left the undelivered text in ${paneName(pane)}'s prompt: a human is typing`);
        return;
      }
    }
  }

  /** The prompt's unsent text, undefined when it cannot be read or a dialog is up. */
  async #draft(pane: PaneEntry): Promise<string | undefined> {
    const { text } = await this.#o.call("pane.read", { pane: pane.id });
    const rows = text.split("\n");
    if (screenDialog(pane.agent, rows)) return undefined;
    return promptDraft(pane.agent, rows);
  }
}

/** Text with its runs of white space as one space (wrapping and pasting change them). */
function flat(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Sleeps `ms`, or less when `watch` is told the text was taken meanwhile. */
function pause(ms: number, watch?: Watch): Promise<void> {
  return new Promise((resolve) => {
    const done = () => (clearTimeout(timer), watch && (watch.wake = undefined), resolve());
    const timer = setTimeout(done, ms);
    if (watch) watch.wake = done;
  });
}
