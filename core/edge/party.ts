/**
 * The outside party at the bus edge: one control-socket client, one plugin's pipe. What such
 * a party is lives here once; its wire is a thin codec that sends messages in lanes, reports
 * its backlog, reads requests and closes.
 *
 * - **Identity**: the caller it speaks as (a socket client changes it with `server.hello`; a
 *   client a door plugin speaks for is narrowed by {@link behalfCaller}).
 * - **Calls**: run on the bus with the party's caller (or one it may speak for), cancellable
 *   by id and ended by their deadline (the command's, or an earlier one given). An answer goes
 *   in the lane of the pane its input names, as the dispatch resolved it (resolved once), so an
 *   answer about a pane keeps its place among that pane's events.
 * - **Subscriptions**: checked by the bus against the caller's rights; with a snapshot, the
 *   pane's read then exactly the events it did not show.
 * - **Backlog**: past the shared limit ({@link eventsBehind}) events are dropped, never
 *   answers, and the wire is told where the gap starts and how many it held.
 *
 * @module
 */

import type { Bus, Caller, EventFilter, Reply, WeftEvent } from "../bus/mod.ts";
import { toErrorBody, WeftError } from "../../protocols/bus/errors.ts";
import { type Capability, intersect, missing } from "../../protocols/bus/capabilities.ts";
import type { OnBehalf } from "../../protocols/plugin/mod.ts";
import { eventsBehind, laneOf } from "../bus/fair_queue.ts";
import { unparsedTail } from "./_snapshot_tail.ts";
import { sameHost } from "../../protocols/bus/host_id.ts";

/** A call's id as its wire spells it (a JSON-RPC id, a plugin message id). */
export type CallId = string | number | null;

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
  backlog?(lane?: string): { all: number; lane: number };
}

/** What a {@link Party} needs. */
export interface PartyOptions {
  bus: Bus;
  /** Who the party is at first. */
  caller: Caller;
  wire: PartyWire;
  /** A pane's screen right now: unparsed output bytes and input modes (for snapshots). */
  paneScreen?: (pane: string) => { pendingBytes: number; modes: unknown } | undefined;
  /** Most calls it may have in flight; more are answered UNAVAILABLE at once. */
  maxCallsInFlight?: number;
}

/** How one call runs, when not as the party itself. */
export interface CallHow {
  /** Speak as this caller instead (a client the party speaks for: see {@link behalfCaller}). */
  caller?: Caller;
  /** Run it through this instead of the bus (a nested call bounded by the call it serves). */
  via?: (name: string, input: unknown) => Promise<unknown>;
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
        reply = how.via
          ? { ok: true, value: await how.via(name, input) }
          : await this.#options.bus.call(name, input, {
            caller: how.caller ?? this.#caller,
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
    ac?.abort(new WeftError("CANCELLED", `Cannot finish the call: ${reason}`));
    return !!ac;
  }

  /**
   * Subscribes as `id` (replacing one of that id); the bus refuses a topic the caller may not
   * receive (`DENIED`). With `snapshot` (pane.read input for one pane) the answer carries that
   * read plus the pane's input modes, and the events that follow are exactly what the read did
   * not show: those held back while it was taken are cut to the output the screen had not
   * parsed yet. A screen mirror needs exactly that. `ready` gets the answer before any event.
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
    if (!holding) return Promise.resolve(ready({ subscription: id }));
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

  /** Sends events that came before subscription `id` began (held for it), as if they came now. */
  replay(id: string, events: readonly WeftEvent[]): void {
    if (!this.#subs.has(id)) return;
    for (const event of events) this.#deliver(id, event);
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
        ac.abort(new WeftError("CANCELLED", `Cannot finish the call: ${cancelWith}`));
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

/**
 * Another host's read with its picture taken out: the replay that follows draws it (from a
 * clear screen), so a mirror fed both would draw it twice. `replayed` says so.
 */
function blankPicture(read: unknown): unknown {
  const value = read as Record<string, unknown>;
  return {
    ...value,
    text: "",
    firstLine: 0,
    cursor: { x: 0, y: 0, visible: true },
    replayed: true,
  };
}

/**
 * A client a door plugin speaks for, as a caller: attributed to the plugin, never with more
 * than the plugin's rights, narrowed to the client's (read-only is `READ_ONLY`, the same in
 * every door). Speaking for a pane is no more than typing into it would allow.
 */
export function behalfCaller(
  plugin: string,
  grant: ReadonlySet<Capability>,
  client: OnBehalf,
): Caller {
  if (client.pane !== undefined && missing(["pane:write"], grant).length) {
    throw new WeftError(
      "DENIED",
      `Cannot call for pane ${client.pane}: plugin "${plugin}" lacks pane:write, which ` +
        "speaking for a pane needs",
    );
  }
  return {
    kind: client.kind,
    id: `${plugin}/${client.id}`,
    ...(client.pane === undefined ? {} : { pane: client.pane }),
    grants: client.grants ? intersect(grant, new Set(client.grants)) : grant,
    chain: [plugin],
  };
}

function keyOf(id: CallId): string {
  return `${typeof id}:${String(id)}`;
}
