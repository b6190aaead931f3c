/**
 * Delivery into idle agent panes: a message for an agent pane whose agent is idle (as its
 * status report or hooks say, never a guess), whose human is not typing and whose prompt holds
 * no unsent draft is typed into the prompt and submitted, framed so the model knows who wrote
 * it. It counts as delivered once the agent is seen working; else it is tried once more, then
 * left in the inbox marked `undelivered`. Messages that queue up meanwhile go in one turn.
 *
 * @module
 */

import { WeftError } from "@weft/weft/plugin";
import { promptClearKeys, promptDraft, promptHolds, vendorOf } from "../../protocols/agents/mod.ts";
import { type PaneEntry, paneName } from "./_directory.ts";
import type { Deliverer } from "./_messaging.ts";
import type { MessageStore, StoredMessage } from "./_store.ts";
import type { DeliverMode } from "./options.ts";
import type { BusCall } from "@weft/weft/plugin";

/** Sources whose idle is trusted enough to type into an agent. */
const TRUSTED = new Set(["status", "hook"]);
/** States in which an agent waits for its next prompt. */
const READY = new Set(["idle", "done"]);

/** What delivery needs. */
export interface DeliveryOptions {
  store: MessageStore;
  /** A pane by id, as the directory knows it now. */
  pane: (id: string) => PaneEntry | undefined;
  /** A bus call with the plugin's own rights. */
  call: BusCall;
  deliver: DeliverMode;
  confirmMs: number;
  /** How long before looking again at a pane that could not take a message (default 1500). */
  laterMs?: number;
  log: (line: string) => void;
}

/** Most keys `pane.write` takes in one call. */
const MAX_KEYS = 1000;

type Outcome = "delivered" | "later" | "failed";

/** The text typed for `messages`: one framed line (or paragraph) each. */
export function frame(messages: readonly StoredMessage[]): string {
  return messages.map((m) => {
    const prio = m.priority === "normal" ? "" : `, ${m.priority}`;
    return `[message from ${m.from}${prio}] ${m.content}`;
  }).join("\n");
}

/** Types messages into idle agent panes. */
export class PaneDelivery implements Deliverer {
  #o: DeliveryOptions;
  #busy = new Set<string>();
  #again = new Set<string>();
  #timers = new Map<string, ReturnType<typeof setTimeout>>();
  #watchers = new Map<string, Set<(pane: PaneEntry) => void>>();
  #closed = false;

  constructor(options: DeliveryOptions) {
    this.#o = options;
  }

  /** How `pane` takes messages: its `deliver` meta, else the project's option. */
  mode(pane: PaneEntry): DeliverMode {
    const meta = pane.meta.deliver;
    return meta === "prompt" || meta === "inbox" ? meta : this.#o.deliver;
  }

  /** True when a message may be typed into `pane` now (its screen is checked next). */
  ready(pane: PaneEntry): boolean {
    return this.mode(pane) !== "inbox" && !pane.exited && READY.has(pane.state) &&
      TRUSTED.has(pane.stateSource) && vendorOf(pane.agent)?.prompt !== undefined;
  }

  arrived(_message: StoredMessage, pane: PaneEntry): void {
    if (this.mode(pane) !== "inbox") this.#kick(pane.id);
  }

  state(pane: PaneEntry): void {
    for (const watch of this.#watchers.get(pane.id) ?? []) watch(pane);
    if (this.ready(pane)) this.#kick(pane.id);
  }

  close(): void {
    this.#closed = true;
    for (const t of this.#timers.values()) clearTimeout(t);
    this.#timers.clear();
  }

  #kick(id: string): void {
    if (this.#closed) return;
    if (this.#busy.has(id)) return void this.#again.add(id);
    clearTimeout(this.#timers.get(id));
    this.#timers.delete(id);
    this.#busy.add(id);
    this.#drain(id)
      .catch((err) => this.#o.log(`delivery to ${id} failed: ${(err as Error).message}`))
      .finally(() => {
        this.#busy.delete(id);
        if (this.#again.delete(id)) this.#kick(id);
      });
  }

  async #drain(id: string): Promise<void> {
    while (!this.#closed) {
      const pane = this.#o.pane(id);
      if (!pane || !this.ready(pane)) return;
      const name = paneName(pane);
      const waiting = this.#o.store.unread(name).filter((m) => m.delivery === null);
      if (!waiting.length) return;
      const outcome = await this.#deliver(pane, waiting);
      const ids = waiting.map((m) => m.id);
      if (outcome === "delivered") this.#o.store.markRead(name, ids, "delivered");
      else if (outcome === "failed") {
        this.#o.store.markDelivery(name, ids, "undelivered");
        this.#o.log(`left ${ids.length} message(s) for ${name} undelivered in its inbox`);
        return;
      } else {
        this.#timers.set(id, setTimeout(() => this.#kick(id), this.#o.laterMs ?? 1500));
        return;
      }
    }
  }

  /** Types `messages` into `pane` and waits to see it work; at most two tries. */
  async #deliver(pane: PaneEntry, messages: readonly StoredMessage[]): Promise<Outcome> {
    const text = frame(messages);
    for (let attempt = 1; attempt <= 2; attempt++) {
      const draft = await this.#draft(pane);
      if (draft === undefined) return "later";
      const ours = attempt > 1 && draft !== "" && promptHolds(pane.agent, draft, text);
      if (draft !== "" && !ours) return "later";
      const working = this.#until(pane.id, (p) => p.state === "working" || p.state === "blocked");
      try {
        await this.#o.call("pane.write", {
          pane: pane.id,
          ...(ours ? { keys: ["Enter"] } : { text, submit: true }),
          yieldToHuman: true,
        });
      } catch (err) {
        working.cancel();
        if (err instanceof WeftError && err.code === "BUSY_HUMAN") return "later";
        throw err;
      }
      if (await working.seen) return "delivered";
      const now = this.#o.pane(pane.id);
      if (!now || now.exited) return "failed";
    }
    await this.#takeBack(pane, text).catch((err) =>
      this.#o.log(`cannot take back the text typed into ${pane.id}: ${(err as Error).message}`)
    );
    return "failed";
  }

  /**
   * Erases what weft typed and could not submit, so later messages do not find it as a draft;
   * only when the prompt holds exactly that text (a human's words are never touched).
   */
  async #takeBack(pane: PaneEntry, text: string): Promise<void> {
    const draft = await this.#draft(pane);
    if (!draft || !promptHolds(pane.agent, draft, text)) return;
    const keys = promptClearKeys(pane.agent, draft) ?? [];
    try {
      for (let i = 0; i < keys.length; i += MAX_KEYS) {
        await this.#o.call("pane.write", {
          pane: pane.id,
          keys: keys.slice(i, i + MAX_KEYS),
          yieldToHuman: true,
        });
      }
    } catch (err) {
      if (!(err instanceof WeftError && err.code === "BUSY_HUMAN")) throw err;
      this.#o.log(`left the undelivered text in ${paneName(pane)}'s prompt: a human is typing`);
    }
  }

  /** The prompt's unsent text, undefined when it cannot be read. */
  async #draft(pane: PaneEntry): Promise<string | undefined> {
    const { text } = await this.#o.call("pane.read", { pane: pane.id });
    return promptDraft(pane.agent, text.split("\n"));
  }

  /** Resolves true when `pane` reports a state that passes `check` within `confirmMs`. */
  #until(id: string, check: (pane: PaneEntry) => boolean) {
    let cancel!: () => void;
    const seen = new Promise<boolean>((resolve) => {
      const watchers = this.#watchers.get(id) ?? new Set();
      this.#watchers.set(id, watchers);
      const done = (value: boolean) => {
        clearTimeout(timer);
        watchers.delete(watch);
        if (!watchers.size) this.#watchers.delete(id);
        resolve(value);
      };
      const watch = (pane: PaneEntry) => check(pane) && done(true);
      const timer = setTimeout(() => done(false), this.#o.confirmMs);
      watchers.add(watch);
      cancel = () => done(false);
    });
    return { seen, cancel };
  }
}
