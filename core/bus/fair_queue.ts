/**
 * A send queue that is fair per pane: what a reader is owed goes out first (replies, events
 * about no pane), then each pane's events in turn, a bounded share of each pane per round. A
 * pane that floods queues behind itself only, so a quiet pane's echo never waits for
 * megabytes of another pane's output. Order holds within each lane: one pane's events go out
 * in the order they came; only events of different lanes may pass one another.
 *
 * @module
 */

interface Lane<T> {
  items: T[];
  sizes: number[];
  head: number;
  size: number;
}

/**
 * Items (with their sizes) in a main lane and one lane per key, taken fairly.
 *
 * @example
 * ```ts
 * import { FairQueue } from "./fair_queue.ts";
 * const q = new FairQueue<string>();
 * q.push("flood 1", 7, "p1");
 * q.push("flood 2", 7, "p1");
 * q.push("echo", 4, "p2");
 * q.push("reply", 5);
 * console.assert(q.take(8).join() === "reply,flood 1");
 * console.assert(q.take(8).join() === "echo");
 * ```
 */
export class FairQueue<T> {
  #main: Lane<T> = newLane();
  /** Lanes with items, in the order they are served next. */
  #lanes = new Map<string, Lane<T>>();
  #size = 0;
  #count = 0;

  /** Total size of what is queued. */
  get size(): number {
    return this.#size;
  }

  /** Whether nothing is queued. */
  get empty(): boolean {
    return this.#count === 0;
  }

  /** Size queued in `lane` (the main lane when none). */
  sizeOf(lane?: string): number {
    return (lane === undefined ? this.#main : this.#lanes.get(lane))?.size ?? 0;
  }

  /** Queues `item` at the end of `lane` (none: the main lane, served first). */
  push(item: T, size: number, lane?: string): void {
    let q = this.#main;
    if (lane !== undefined) {
      q = this.#lanes.get(lane) ?? newLane();
      if (!q.items.length) this.#lanes.set(lane, q);
    }
    q.items.push(item);
    q.sizes.push(size);
    q.size += size;
    this.#size += size;
    this.#count++;
  }

  /**
   * Takes items worth about `budget`: the main lane first, then the other lanes in turn, one
   * item each per round, until the budget is spent; always at least one item when any is
   * queued. A lane served goes to the back of the turn.
   */
  take(budget: number): T[] {
    const out: T[] = [];
    let spent = 0;
    const fits = (size: number) => !out.length || spent + size <= budget;
    const main = this.#main;
    while (main.head < main.items.length && fits(main.sizes[main.head]!)) {
      spent += this.#shift(main, out);
    }
    if (main.head < main.items.length) return out; // the budget ran out in the main lane
    this.#main = newLane();
    let progress = true;
    while (progress && this.#lanes.size) {
      progress = false;
      for (const [key, lane] of [...this.#lanes]) {
        if (!fits(lane.sizes[lane.head]!)) return out;
        spent += this.#shift(lane, out);
        progress = true;
        this.#lanes.delete(key); // to the back of the turn, or gone when empty
        if (lane.head < lane.items.length) this.#lanes.set(key, lane);
      }
    }
    return out;
  }

  /** Drops everything. */
  clear(): void {
    this.#main = newLane();
    this.#lanes.clear();
    this.#size = 0;
    this.#count = 0;
  }

  #shift(lane: Lane<T>, out: T[]): number {
    const size = lane.sizes[lane.head]!;
    out.push(lane.items[lane.head]!);
    lane.head++;
    lane.size -= size;
    this.#size -= size;
    this.#count--;
    if (lane.head > 1024 && lane.head * 2 > lane.items.length) {
      lane.items = lane.items.slice(lane.head);
      lane.sizes = lane.sizes.slice(lane.head);
      lane.head = 0;
    }
    return size;
  }
}

function newLane<T>(): Lane<T> {
  return { items: [], sizes: [], head: 0, size: 0 };
}

/**
 * The lane of a call's answer: the pane its input names, if any, so the answer keeps its
 * place among that pane's events (a read is in order with the output around it). Events go
 * in the lane of the pane's id; `paneId` turns a name into it (a reference that names no pane
 * is its own lane).
 *
 * @example
 * ```ts
 * import { laneOf } from "./fair_queue.ts";
 * console.assert(laneOf({ pane: "p3", text: "x" }) === "p3");
 * console.assert(laneOf({ pane: "build" }, (ref) => ref === "build" ? "p7" : undefined) === "p7");
 * console.assert(laneOf({ window: "w1" }) === undefined);
 * ```
 */
export function laneOf(
  input: unknown,
  paneId?: (ref: string) => string | undefined,
): string | undefined {
  const pane = (input as { pane?: unknown } | null)?.pane;
  if (typeof pane !== "string") return undefined;
  return paneId?.(pane) ?? pane;
}

/** Past this much queued for a reader in all, events for it are dropped (replies are not). */
export const EVENT_BACKLOG_LIMIT = 8 * 1024 * 1024;
/**
 * Past this much queued in one pane's lane, that pane's events are dropped (and the reader
 * told), so one flooding pane cannot use up the whole backlog and make quiet panes lose theirs.
 */
export const PANE_BACKLOG_LIMIT = 2 * 1024 * 1024;

/**
 * Whether a reader with `all` queued, `inLane` of it in the event's pane lane (undefined: an
 * event about no pane), is too far behind to be sent the event. Shared by the control socket
 * and the pipe to plugin processes.
 *
 * @example
 * ```ts
 * import { eventsBehind } from "./fair_queue.ts";
 * console.assert(eventsBehind(3 << 20, 3 << 20) && !eventsBehind(3 << 20, undefined));
 * ```
 */
export function eventsBehind(all: number, inLane: number | undefined): boolean {
  return all > EVENT_BACKLOG_LIMIT || (inLane !== undefined && inLane > PANE_BACKLOG_LIMIT);
}
