/**
 * The outside party at the bus edge: one control-socket client, one plugin's pipe. What such
 * a party is lives here once; its wire is a thin codec that sends messages in lanes, reports
 * its backlog, reads requests and closes.
 *
 * - **Identity**: the caller it speaks as (a socket client changes it with `server.hello`; a
 *   client a door plugin speaks for is narrowed by {@link behalfCaller}).
 * - **Calls**: run on the bus with the party's caller (or one it may speak for, or inside a
 *   call it serves, bounded by that call), cancellable by id and ended by their deadline (the
 *   command's, or an earlier one given). An answer goes in the lane of the pane its input
 *   names, as the dispatch resolved it (resolved once), so an answer about a pane keeps its
 *   place among that pane's events.
 * - **Subscriptions**: checked by the bus against the caller's rights; with a snapshot, the
 *   pane's read then exactly the events it did not show; without, first the events held for
 *   the party while it started.
 * - **Backlog**: past the shared limit ({@link eventsBehind}) events are dropped, never
 *   answers, and the wire is told where the gap starts and how many it held.
 *
 * @module
 */

import type { Bus, CallContext, Caller, EventFilter, Reply, WeftEvent } from "../bus/mod.ts";
import { toErrorBody, WeftError } from "../../protocols/bus/errors.ts";
import type { OnBehalf } from "../../protocols/plugin/mod.ts";
import { behalfCaller } from "./_behalf.ts";
import { eventsBehind, laneOf } from "../bus/fair_queue.ts";
import { blankPicture, unparsedTail } from "./_snapshot_tail.ts";
import { sameHost } from "../../protocols/bus/host_id.ts";

/** A call's id as its wire spells it (a JSON-RPC id, a plugin message id). */
export type CallId = string | number | null;

/** What waits unread on a wire: in all, and in one lane. */
export interface Backlog {
  all: number;
  lane: number;
}

/** What a party's wire does for it: the codec's side of the edge. */
export interface PartyWire {
  /** Sends the answer to call `id` in `lane`; may throw if the answer cannot be encoded. */
  answer(id: CallId, reply: Reply<unknown>, lane?: string): void;
  /** Sends an event of `subscription` in `lane` (its pane, if any). */
  event(subscription: string, event: WeftEvent, lane?: string): void;
  /** Events of `subscription` start being dropped here (told once a gap, in `lane`). */
  gap?(subscription: string, lane?: string): void;
  /** `count` events of `subscription` were dropped; the next one follows this notice. */
  resumed?(subscription: string, count: number, lane?: string): void;
  /** What waits unread, in all and in `lane` (none: the wire never falls behind). */
  backlog?(lane?: string): Backlog;
}

/** What a party gets from the server, whatever its wire (its codec's options extend it). */
export interface PartyBase {
  bus: Bus;
  /** A pane's screen right now: unparsed output bytes and input modes (for snapshots). */
  paneScreen?: (pane: string) => { pendingBytes: number; modes: unknown } | undefined;
  /** Most calls it may have in flight; more are answered UNAVAILABLE at once. */
  maxCallsInFlight?: number;
  /** The bus context of a call the party serves that is still in flight ({@link CallHow.within}). */
  parent?: (id: string) => CallContext<unknown> | undefined;
  /** Events held for the party while it started that `filter` matches (see `HeldEvents`). */
  held?: (filter: EventFilter) => WeftEvent[];
}

/** What a {@link Party} needs. */
export interface PartyOptions extends PartyBase {
  /** Who the party is at first. */
  caller: Caller;
  wire: PartyWire;
}

/** How one call runs, when not as the party itself. */
export interface CallHow {
  /** Speak for this client of the party's (a door plugin's): see {@link behalfCaller}. */
  onBehalf?: OnBehalf | undefined;
  /** Run it inside this call the party serves, bounded by it (a handler's nested call). */
  within?: string | undefined;
  /** A request id for logs. */
  requestId?: string;
  /** A deadline in ms; the earlier of it and the command's own applies (the bus enforces it). */
  timeoutMs?: number;
}

/** One outside party: its identity, calls, subscriptions and backlog. */
export class Party {
  #options: PartyOptions;
  #caller: Caller;
  #inflight = new Map<string, AbortController>();
  #subs = new Map<string, () => void>();
  /** Subscriptions in a gap now, with the events dropped so far. */
  #gaps = new Map<string, number>();
  #running = 0;
  #nextSub = 1;
  #muted = false;
  #closed = false;

  constructor(options: PartyOptions) {
    this.#options = options;
    this.#caller = options.caller;
  }

  /** Who the party is now. */
  get caller(): Caller {
    return this.#caller;
  }

  /** Whether it has ended. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Its live subscriptions. */
  get subscriptions(): number {
    return this.#subs.size;
  }

  /** The party's caller from now on; its rights may not change under live subscriptions. */
  become(caller: Caller, rightsChange: boolean): void {
    // Subscriptions were checked against the rights they were made with.
    if (rightsChange && this.#subs.size) {
      throw new WeftError(
        "CONFLICT",
        "Cannot change this client's rights: it has subscriptions; say server.hello first",
      );
    }
    this.#caller = caller;
  }

  /** A subscription id for a wire that does not choose its own (`sub1`, `sub2`, …). */
  newSubscription(): string {
    return `sub${this.#nextSub++}`;
  }

  /** Runs a call and sends its answer (none for an `undefined` id) in its pane's lane. */
  async call(
    id: CallId | undefined,
    name: string,
    input: unknown,
    how: CallHow = {},
  ): Promise<void> {
    // The pane the input names, as the dispatch resolved it (else as the name reads now).
    let resolved: string | undefined;
    const laneNow = () => laneOf(input, (ref) => resolved ?? this.#options.bus.paneId(ref));
    const limit = this.#options.maxCallsInFlight ?? Infinity;
    let run: { caller?: Caller; via?: CallContext<unknown> };
    try {
      run = this.#how(name, how);
    } catch (err) {
      if (id !== undefined) this.fail(id, err);
      return;
    }
    let reply: Reply<unknown>;
    if (this.#running >= limit) {
      const error = new WeftError(
        "UNAVAILABLE",
        `Cannot call "${name}": ${this.#caller.kind} "${this.#caller.id}" already has ${limit} ` +
          "calls in flight",
        { [this.#caller.kind]: this.#caller.id, limit },
      );
      reply = { ok: false, error: error.toBody() };
    } else {
      const ac = new AbortController();
      const key = keyOf(id ?? null);
      if (id !== undefined) this.#inflight.set(key, ac);
      this.#running++;
      try {
        reply = run.via
          ? { ok: true, value: await run.via.call(name, input) }
          : await this.#options.bus.call(name, input, {
            caller: run.caller ?? this.#caller,
            signal: ac.signal,
            ...(how.requestId ? { requestId: how.requestId } : {}),
            ...(how.timeoutMs !== undefined ? { timeoutMs: how.timeoutMs } : {}),
            resolved: (ids) => void (resolved = ids.pane),
          });
      } catch (err) {
        reply = { ok: false, error: toErrorBody(err) };
      } finally {
        this.#running--;
        if (this.#inflight.get(key) === ac) this.#inflight.delete(key);
      }
    }
    if (id !== undefined) this.answer(id, reply, laneNow());
  }

  /** Inside a call it serves: that call's bounded `call`. Outside: the party or its client. */
  #how(name: string, how: CallHow): { caller?: Caller; via?: CallContext<unknown> } {
    if (how.within === undefined) {
      if (!how.onBehalf) return {};
      const { id, grants } = this.#caller;
      return { caller: behalfCaller(id, grants, how.onBehalf) };
    }
    const via = this.#options.parent?.(how.within);
    if (!via) {
      throw new WeftError(
        "CANCELLED",
        `Cannot call "${name}": the call it was made for has finished`,
      );
    }
    return { via };
  }

  /** Answers call `id` with the error `err` (a {@link WeftError}'s own, else INTERNAL). */
  fail(id: CallId, err: unknown): void {
    this.answer(id, { ok: false, error: toErrorBody(err) });
  }

  /** Sends an answer; one that cannot be encoded becomes an INTERNAL error. */
  answer(id: CallId, reply: Reply<unknown>, lane?: string): void {
    if (this.#closed) return;
    try {
      this.#options.wire.answer(id, reply, lane);
    } catch (err) {
      const error = new WeftError(
        "INTERNAL",
        `Cannot return the answer: it cannot be sent: ${err}`,
      );
      this.#options.wire.answer(id, { ok: false, error: error.toBody() }, lane);
    }
  }

  /** Cancels a call in flight; false if none has that id. */
  cancel(id: CallId, reason = "the client cancelled it"): boolean {
    const ac = this.#inflight.get(keyOf(id));
    ac?.abort(cancelled(reason));
    return !!ac;
  }

  /**
   * Subscribes as `id` (replacing one of that id); the bus refuses a topic the caller may not
   * receive (`DENIED`). With `snapshot` (pane.read input for one pane) the answer carries that
   * read plus the pane's input modes, and the events that follow are exactly what the read did
   * not show: those held back while it was taken are cut to the output the screen had not
   * parsed yet. A screen mirror needs exactly that. Without, the events held for the party
   * that the filter matches come first. `ready` gets the answer before any event.
   */
  subscribe(
    id: string,
    filter: EventFilter,
    snapshot?: unknown,
    ready: (answer: { subscription: string; snapshot?: unknown }) => void = () => {},
  ): Promise<void> {
    this.unsubscribe(id);
    if (this.#muted || this.#closed) return Promise.resolve();
    // Another host's pane: its picture comes from that host's replay (exact, in order), not
    // from a read here, so the snapshot is blank and every event held for it is delivered.
    const remote = snapshot !== undefined && this.#isRemote(filter);
    if (remote) filter = { ...filter, replay: true };
    const held: WeftEvent[] = [];
    let holding = snapshot !== undefined;
    // Throws at once when the bus refuses (the caller may tell whom it concerns).
    const off = this.#options.bus.events.subscribe(
      filter,
      (event) => holding ? held.push(event) : this.#deliver(id, event),
      this.#caller,
    );
    this.#subs.set(id, off);
    if (!holding) {
      ready({ subscription: id });
      // What came while the party started (nothing is published in between).
      for (const event of this.#options.held?.(filter) ?? []) this.#deliver(id, event);
      return Promise.resolve();
    }
    return this.#snapshot(id, snapshot, ({ pendingBytes, ...answer }) => {
      ready(remote ? { ...answer, snapshot: blankPicture(answer.snapshot) } : answer);
      holding = false;
      for (const event of remote ? held : unparsedTail(held, pendingBytes)) {
        this.#deliver(id, event);
      }
    });
  }

  /** Whether a snapshot subscription names one pane of another host (`buildbox/p3`). */
  #isRemote(filter: EventFilter): boolean {
    const pane = filter.panes?.length === 1 ? filter.panes[0]! : undefined;
    if (!pane?.includes("/")) return false;
    const own = this.#options.bus.host;
    return own === undefined || !sameHost(pane.slice(0, pane.indexOf("/")), own);
  }

  async #snapshot(
    id: string,
    input: unknown,
    then: (answer: { subscription: string; snapshot: unknown; pendingBytes: number }) => void,
  ): Promise<void> {
    const read = await this.#options.bus.call("pane.read", input, {
      caller: this.#caller,
      requestId: `${this.#caller.id}:${id}`,
    });
    if (!read.ok) {
      this.unsubscribe(id);
      throw WeftError.fromBody(read.error);
    }
    // No I/O since the read was taken (parsing and PTY reads are macrotasks): the pane's
    // pending bytes and modes are as they were when the read was taken.
    const value = read.value as { pane: string };
    const live = this.#options.paneScreen?.(value.pane);
    const snapshot = { ...value, ...(live ? { modes: live.modes } : {}) };
    then({ subscription: id, snapshot, pendingBytes: live?.pendingBytes ?? 0 });
  }

  /** Ends a subscription; false if there was none of that id. */
  unsubscribe(id: string): boolean {
    const off = this.#subs.get(id);
    off?.();
    this.#subs.delete(id);
    this.#gaps.delete(id);
    return !!off;
  }

  /** Drops every subscription and takes no new one; calls are still served. */
  mute(): void {
    this.#muted = true;
    for (const off of this.#subs.values()) off();
    this.#subs.clear();
    this.#gaps.clear();
  }

  /** Ends the party: no more sends; in-flight calls are cancelled when `cancelWith` is given. */
  close(cancelWith?: string): void {
    if (this.#closed) return;
    this.mute();
    this.#closed = true;
    if (cancelWith !== undefined) {
      for (const ac of this.#inflight.values()) {
        ac.abort(cancelled(cancelWith));
      }
    }
    this.#inflight.clear();
  }

  /**
   * Sends an event in its pane's lane, unless the party is too far behind for it: then it is
   * dropped, and the wire told where the gap starts and, when one passes again, how many.
   */
  #deliver(subscription: string, event: WeftEvent): void {
    if (this.#closed) return;
    const { wire } = this.#options;
    const lane = event.pane;
    const backlog = wire.backlog?.(lane);
    if (backlog && eventsBehind(backlog.all, lane === undefined ? undefined : backlog.lane)) {
      const count = this.#gaps.get(subscription);
      if (count === undefined) wire.gap?.(subscription, lane);
      this.#gaps.set(subscription, (count ?? 0) + 1);
      return;
    }
    const dropped = this.#gaps.get(subscription);
    if (dropped !== undefined) {
      this.#gaps.delete(subscription);
      wire.resumed?.(subscription, dropped, lane);
    }
    try {
      wire.event(subscription, event, lane);
    } catch {
      // An event that cannot be encoded for this wire is not delivered.
    }
  }
}

/** A call cancelled for `reason` (`the client cancelled it`): the error it ends with. */
export function cancelled(reason = "the client cancelled it"): WeftError {
  return new WeftError("CANCELLED", `Cannot finish the call: ${reason}`);
}

function keyOf(id: CallId): string {
  return `${typeof id}:${String(id)}`;
}
