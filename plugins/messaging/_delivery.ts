/**
 * The delivery ladder: how a message for an agent pane reaches the agent, best rung first, as
 * its vendor declares them (`deliver` in `protocols/agents/`; no vendor is named here):
 *
 * 1. `hook`: handed over in the answer of the agent's own hook at its next tool boundary or
 *    when it is about to stop ({@link PaneDelivery.handover}, called through the hook door);
 *    nothing is typed, and the agent never has to be idle.
 * 2. `typed`: typed into the prompt of an agent that is idle (as its status report or hooks
 *    say, never a guess), with no human typing, no draft and no dialog, one delivery at a time
 *    per pane (`_typed.ts`).
 * 3. Otherwise the message waits, unread, in the inbox ({@link PaneDelivery.expect} says why).
 *
 * Each delivered message is marked read with the rung that delivered it (`delivered_via`), once
 * the agent took it: a delivery under way is stored as its intent first (`_transcript.ts`), and
 * one a crash cut short is resolved by looking at the agent's transcript, never by guessing. A
 * hand-over whose taking stays unknowable is reported undelivered, never typed again: a message
 * left unread with a reason can be read; one the agent has twice cannot be undone.
 *
 * @module
 */

import { rungsOf, vendorOf } from "../../protocols/agents/mod.ts";
import type { DeliveryRung } from "../../protocols/agents/mod.ts";
import type { BusCall } from "@weft/weft/plugin";
import { type PaneEntry, paneName } from "./_directory.ts";
import type { Deliverer } from "./_messaging.ts";
import type { MessageStore, StoredMessage } from "./_store.ts";
import { type DeliveryReport, frame, TypedRung } from "./_typed.ts";
import { type Intent, intent, intentOf, Transcripts } from "./_transcript.ts";
import type { DeliverMode } from "./options.ts";

export { frame } from "./_typed.ts";

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
  /** When a typed message not yet taken is reported stalled (default 5000). */
  stallMs?: number;
  /** The pause before Enter (default 150). */
  pauseMs?: number;
  /** How often the prompt is read while a typed message is checked (default 100). */
  pollMs?: number;
  /** How long before looking again at a pane that could not take a message (default 1500). */
  laterMs?: number;
  /**
   * How long after a turn ended a hand-over the agent's transcript does not show is given up
   * on: reported undelivered, left unread (default 5000).
   */
  turnGraceMs?: number;
  log: (line: string) => void;
  /** Told how each delivery went (the plugin publishes it as `message.delivery`). */
  report?: (report: DeliveryReport) => void;
}

/** Where the agent's hook fired: after a tool, at a stop, or a prompt it submitted. */
export type HookAt = { point: "tool" | "stop" } | { point: "prompt"; prompt: string };

/** What a sender is told about one recipient's copy: the rung expected, or why it waits. */
export interface Expectation {
  via: DeliveryRung | "inbox";
  reason?: string;
}

/** A stored hand-over's mark (-1: none). */
const handedAt = (m: StoredMessage): number => intentOf(m.delivery)?.mark ?? -1;

/** Delivers messages into agent panes, best rung first. */
export class PaneDelivery implements Deliverer {
  #o: DeliveryOptions;
  #typed: TypedRung;
  #busy = new Set<string>();
  #again = new Set<string>();
  #timers = new Map<string, ReturnType<typeof setTimeout>>();
  #closed = false;
  #look: Transcripts;
  /** Hand-overs this process made (an intent not here was left by an earlier one). */
  #mine = new Set<string>();
  #watching = new Set<string>();
  /**
   * By pane: the latest mark of a hand-over its transcript showed taken, and by which process.
   * A transcript is appended in order: one that shows a later hand-over and not an earlier one
   * to the same agent has gone past the earlier one for good.
   */
  #shownUpTo = new Map<string, { agent: number | undefined; mark: number }>();

  constructor(options: DeliveryOptions) {
    this.#o = options;
    this.#look = new Transcripts(options.call);
    this.#typed = new TypedRung({
      store: options.store,
      call: options.call,
      pane: options.pane,
      confirmMs: options.confirmMs,
      log: options.log,
      ...(options.report ? { report: options.report } : {}),
      ...(options.stallMs !== undefined ? { stallMs: options.stallMs } : {}),
      ...(options.pauseMs !== undefined ? { pauseMs: options.pauseMs } : {}),
      ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
    });
  }

  /** How `pane` takes messages: its `deliver` meta, else the project's option. */
  mode(pane: PaneEntry): DeliverMode {
    const meta = pane.meta.deliver;
    return meta === "prompt" || meta === "inbox" ? meta : this.#o.deliver;
  }

  /** The rungs that may reach `pane`'s agent, best first (none: its messages wait). */
  rungs(pane: PaneEntry): readonly DeliveryRung[] {
    if (this.mode(pane) === "inbox" || pane.exited) return [];
    return rungsOf(vendorOf(pane.agent));
  }

  /** True when a message may be typed into `pane` now (its screen is checked next). */
  ready(pane: PaneEntry): boolean {
    return this.rungs(pane).includes("typed") && READY.has(pane.state) &&
      TRUSTED.has(pane.stateSource);
  }

  /** What a message for `pane` can expect now: the rung that will take it, or why it waits. */
  expect(pane: PaneEntry): Expectation {
    if (pane.exited) return { via: "inbox", reason: "the pane's program has exited" };
    if (this.mode(pane) === "inbox") return { via: "inbox", reason: "the pane takes mail only" };
    const rungs = this.rungs(pane);
    if (!rungs.length) return { via: "inbox", reason: `no way to hand a ${pane.agent} a message` };
    if (this.ready(pane)) return { via: "typed" };
    if (rungs.includes("hook") && pane.stateSource === "hook" && pane.state === "working") {
      return { via: "hook", reason: "at the agent's next tool call or stop" };
    }
    if (!TRUSTED.has(pane.stateSource)) {
      return { via: "inbox", reason: "its state is only guessed; it waits until the agent says" };
    }
    return rungs.includes("typed")
      ? { via: "typed", reason: `the agent is ${pane.state}; typed once it is idle` }
      : { via: "inbox", reason: `the agent is ${pane.state}; it waits until it can take it` };
  }

  arrived(_message: StoredMessage, pane: PaneEntry): void {
    if (this.mode(pane) !== "inbox") this.#kick(pane.id);
  }

  state(pane: PaneEntry): void {
    this.#typed.state(pane);
    if (this.ready(pane)) this.#kick(pane.id);
    this.#settleThenKick(pane.id, false);
    // The turn ended: what the transcript still lacks a while later is looked for once more,
    // then reported (Claude Code writes its transcript a moment after it goes on: a Stop hook's
    // reason was not there yet when the turn it continued ended).
    if (READY.has(pane.state) && pane.stateSource === "hook") {
      clearTimeout(this.#timers.get(`over:${pane.id}`));
      this.#timers.set(
        `over:${pane.id}`,
        setTimeout(() => {
          this.#timers.delete(`over:${pane.id}`);
          const now = this.#o.pane(pane.id);
          if (now && READY.has(now.state) && now.stateSource === "hook") {
            this.#settleThenKick(pane.id, true);
          }
        }, this.#o.turnGraceMs ?? 5000),
      );
    }
  }

  /** Settles `id`'s hand-overs; one found not taken waits again: a ready agent gets it typed. */
  #settleThenKick(id: string, turnOver: boolean): void {
    if (this.#closed) return;
    this.settle(id, turnOver).then((released) => {
      const now = this.#o.pane(id);
      if (released && now && this.ready(now)) this.#kick(id);
    }, (err) => this.#o.log(`cannot settle ${id}'s hand-overs: ${err}`));
  }

  /**
   * A hook of `id`'s agent fired at `at`: at a tool boundary or a stop, the messages waiting
   * for it, framed for the hook's answer (nothing after `before`, ms since the epoch: the hook
   * has gone on); a submitted prompt confirms a typed delivery. Nothing while a typed delivery
   * holds the pane (one at a time). When the agent's transcript can be read, the messages are
   * not marked read yet but `handing` (the intent, with the transcript's size): read `hook`
   * once the transcript shows the agent took them, so a crash before the answer reached the
   * agent loses nothing ({@link settle}).
   */
  async handover(id: string, at: HookAt, before = Infinity): Promise<string | undefined> {
    if (at.point === "prompt") {
      this.#typed.submitted(id, at.prompt);
      return void await this.settle(id);
    }
    const pane = this.#o.pane(id);
    if (!pane || this.#busy.has(id) || !this.rungs(pane).includes("hook")) return undefined;
    await this.settle(id);
    const name = paneName(pane);
    const waiting = this.#o.store.unread(name).filter((m) => m.delivery === null);
    if (!waiting.length || this.#busy.has(id)) return undefined;
    const ids = waiting.map((m) => m.id);
    const mark = await this.#look.size(id);
    // Too late, or taken meanwhile by a hook that fired at the same time.
    if (Date.now() > before) return undefined;
    const still = this.#o.store.unread(name, { ids }).filter((m) => m.delivery === null);
    if (still.length !== waiting.length || this.#busy.has(id)) return undefined;
    if (mark === undefined) {
      // No transcript to look at later: read now, as the hook's answer goes out.
      this.#o.store.markRead(name, ids, "hook");
      this.#o.report?.({ pane: id, to: name, ids, status: "hook" });
    } else {
      this.#o.store.markDelivery(name, ids, intent("handing", mark, pane.pid));
      for (const m of ids) this.#mine.add(m);
      this.#watch(id);
    }
    return frame(waiting);
  }

  /**
   * Resolves the hand-overs of `id`'s agent still under way, by looking at its transcript
   * after each one's mark: shown, read `hook`. Not shown is conclusive only when the agent that
   * got it is gone (the pane runs another process: the server restarted or the pane was
   * respawned, and the resumed conversation is the transcript), or, once its turn is over, when
   * the transcript showed a later hand-over to the same agent (it went past this one for good):
   * then it waits again for the next rung. While that agent lives (also when only this plugin restarted: the hook's answer
   * may still be on its way) it stays under way, watched; with `turnOver`, a while after the
   * agent's turn ended, the screen is looked at too, and a hand-over still not shown is left
   * unread and reported undelivered: it may have been taken (a transcript written late), and
   * typing it again could give it to the agent twice.
   */
  async settle(id: string, turnOver = false): Promise<boolean> {
    const pane = this.#o.pane(id);
    if (!pane) return false;
    let released = false;
    const name = paneName(pane);
    // Given up on, yet perhaps taken: looked for again once a turn (each look searches the
    // transcript after its mark).
    const pending = this.#o.store.unread(name).filter((m) => {
      const it = intentOf(m.delivery);
      return it?.kind === "handing" ||
        (turnOver && it?.kind === "undelivered" && it.agent !== undefined);
    }).sort((a, b) => handedAt(b) - handedAt(a)); // the latest first: it may show the others passed
    for (const m of pending) {
      const it = intentOf(m.delivery)!;
      // The agent that got it still runs (an intent that names none: this process made it).
      const live = it.agent ? !pane.exited && it.agent === pane.pid : this.#mine.has(m.id);
      let shown = await this.#look.shows(id, frame([m]), it.mark);
      const last = live && turnOver && it.kind === "handing";
      if (!shown && last && await this.#typed.shown(pane, frame([m]))) shown = true;
      const now = this.#o.store.unread(name, { ids: [m.id] })[0];
      if (!now || now.delivery !== m.delivery) continue; // settled meanwhile
      if (shown) {
        this.#o.store.markRead(name, [m.id], "hook");
        this.#o.report?.({ pane: id, to: name, ids: [m.id], status: "hook" });
        this.#noteShown(id, it);
      } else if (it.kind === "undelivered" && !(shown === false && this.#passed(id, it))) {
        // Given up on: looked for while the agent that may have it runs, then no more.
        if (!live) this.#o.store.markDelivery(name, [m.id], "undelivered");
      } else if (shown === false && (!live || (turnOver && this.#passed(id, it)))) {
        this.#o.store.markDelivery(name, [m.id], null);
        this.#o.log(`message ${m.id} for ${name} was not taken through its hook; it waits again`);
        released = true;
      } else if (last) {
        this.#unsure(pane, m.id, it);
      } else {
        // Under way: an earlier process's hand-over to this same agent is watched as its own.
        if (live && !this.#mine.has(m.id)) {
          this.#mine.add(m.id);
          this.#watch(id);
        }
        continue;
      }
      this.#mine.delete(m.id);
    }
    return released;
  }

  #noteShown(id: string, it: Intent): void {
    const was = this.#shownUpTo.get(id);
    if (it.mark === undefined || (was && was.agent === it.agent && was.mark >= it.mark)) return;
    this.#shownUpTo.set(id, { agent: it.agent, mark: it.mark });
  }

  /** Whether `id`'s transcript showed a later hand-over to the same agent than `it`. */
  #passed(id: string, it: Intent): boolean {
    const shown = this.#shownUpTo.get(id);
    return it.mark !== undefined && shown !== undefined && shown.agent === it.agent &&
      shown.mark > it.mark;
  }

  /**
   * A hand-over the live agent may or may not have taken: left unread, marked undelivered
   * (never typed: a whole message typed again may reach the agent twice), the sender told why;
   * read `hook` still if the transcript shows it at a later turn's end (its mark and agent kept).
   */
  #unsure(pane: PaneEntry, message: string, was: Intent): void {
    const name = paneName(pane);
    const grace = (this.#o.turnGraceMs ?? 5000) / 1000;
    const reason = `handed over through the agent's hook, but ${grace} s after its turn ended ` +
      "neither its transcript nor its screen shows it taken; not typed again, lest the agent " +
      "have it twice: it waits in the inbox";
    this.#o.store.markDelivery(name, [message], intent("undelivered", was.mark, was.agent));
    this.#o.log(`message ${message} for ${name}: ${reason}`);
    this.#o.report?.({
      pane: pane.id,
      to: name,
      ids: [message],
      status: "undelivered",
      reason,
    });
  }

  /**
   * Looks at `id`'s transcript now and then while one of its hand-overs is under way: after
   * half a second, then a second, then every 2 s (each look is a round trip to the core; the
   * agent's state changes look too), for a minute.
   */
  #watch(id: string, ms = 500, until = Date.now() + 60_000): void {
    if (this.#closed || this.#watching.has(id)) return;
    this.#watching.add(id);
    const t = setTimeout(() => {
      this.#timers.delete(`watch:${id}`);
      this.settle(id)
        .catch(() => {})
        .finally(() => {
          this.#watching.delete(id);
          const pane = this.#o.pane(id);
          const name = pane && paneName(pane);
          const more = name && this.#o.store.unread(name)
            .some((m) => intentOf(m.delivery)?.kind === "handing" && this.#mine.has(m.id));
          if (more && Date.now() < until) this.#watch(id, Math.min(2 * ms, 2000), until);
        });
    }, ms);
    this.#timers.set(`watch:${id}`, t);
  }

  close(): void {
    this.#closed = true;
    for (const t of this.#timers.values()) clearTimeout(t);
    this.#timers.clear();
  }

  #kick(id: string): void {
    if (this.#closed) return;
    const pane = this.#o.pane(id);
    if (!pane || !this.ready(pane)) return;
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
      const waiting = this.#o.store.unread(name)
        .filter((m) => m.delivery === null || intentOf(m.delivery)?.kind === "typing");
      if (!waiting.length) return;
      const outcome = await this.#typed.deliver(pane, waiting);
      const ids = waiting.map((m) => m.id);
      if (outcome === "typed") {
        this.#o.store.markRead(name, ids, "typed");
        this.#o.report?.({ pane: id, to: name, ids, status: "typed" });
      } else if (outcome === "failed") {
        this.#o.store.markDelivery(name, ids, "undelivered");
        const reason = "typed but never submitted; it waits in the inbox";
        this.#o.log(`left ${ids.length} message(s) for ${name} undelivered in its inbox`);
        this.#o.report?.({ pane: id, to: name, ids, status: "undelivered", reason });
        return;
      } else {
        this.#timers.set(id, setTimeout(() => this.#kick(id), this.#o.laterMs ?? 1500));
        return;
      }
    }
  }
}
