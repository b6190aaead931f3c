/**
 * The queues of output waiting to be parsed, and the one loop that parses them in slices off
 * the event loop, round-robin across panes.
 *
 * Why one loop with a budget and a regular park: with a loop per pane, ten flooding panes
 * made each event-loop turn 80 ms long, and because the loop never went idle, the runtime
 * polled its sockets only every few dozen turns, so a control-socket request waited seconds.
 * Now a turn parses for at most {@link SLICE_MS} in all, and at least every {@link PARK_MS}
 * the loop yields through a timer, which lets the runtime park and poll I/O. Between parks it
 * uses setImmediate (no timer clamping) to keep ingest fast.
 *
 * While someone types (input to any pane in the last {@link TYPING_WINDOW_MS}), a flood is
 * parsed in shorter slices with a rest after each: a keystroke's echo then waits for a short
 * slice instead of a long one, and the rests leave the CPU to the programs and threads the echo
 * goes through (on two cores a flood otherwise keeps them all waiting). The pane typed into is
 * the exception: its echo waits behind its own output (Ctrl-C into a flood, then the prompt), so
 * it keeps full slices and no rests while the others are held back. A flood's ingest is
 * slower only while the typing lasts: it gets about a fifth of a core (1 ms of every 5), and the
 * program flooding waits on its PTY meanwhile. With 2 ms of every 4 the web page's echo next to
 * a flood measured p50 21 ms / p99 70–78 ms; with 1 of 5, 11 ms / 40–57 ms (`deno task bench --
 * web`). Pieces are cut to the parser's measured speed, so a slice keeps to its budget.
 *
 * @module
 */

import { setImmediate } from "node:timers";

/** Parse for at most this long (all panes together) before yielding to the event loop. */
const SLICE_MS = 5;
/** Let the runtime park (and poll sockets) at least this often while parsing flat out. */
const PARK_MS = 3;
/** While someone types: parse for at most this long at a time, ... */
const TYPING_SLICE_MS = 1;
/** ... then rest this long (a timer: the runtime polls I/O meanwhile). */
const TYPING_REST_MS = 4;
/** Input counts as typing for this long. */
const TYPING_WINDOW_MS = 1000;
/** Largest piece handed to the parser at once. */
const PIECE = 64 * 1024;
/** Smallest piece (below it a call's overhead shows). */
const MIN_PIECE = 1024;
/**
 * How fast the parser goes (units per ms), measured as it goes: a piece is cut to fit what is
 * left of a slice's budget. At a fixed 64 KiB, one piece of scrolling lines took 3.6 ms on an
 * idle machine and more under load, so a 1 ms slice meant for a typist's echo ran several ms.
 */
let unitsPerMs = 16 * 1024;
/**
 * What was parsed since the speed was last updated. Pieces are summed until they took 0.5 ms
 * (timers read in steps of about 0.1 ms): updated from single pieces, a speed once lowered by
 * a preempted piece made pieces too short to measure, and never rose again.
 */
let measuredUnits = 0;
let measuredMs = 0;

/** Queues with work, served in turn; a served queue goes to the back. */
const ready = new Set<ParseQueue>();
let scheduled = false;
let lastPark = performance.now();
let typingUntil = -Infinity;
/** The queue of the pane typed into last, parsed at full pace while typing lasts. */
let typedInto: ParseQueue | undefined;

/**
 * Someone wrote input to a pane (`target`: its queue, when known): for a while, parse the other
 * panes' floods in short slices with rests (see the module doc).
 */
export function inputArrived(target?: ParseQueue): void {
  typingUntil = performance.now() + TYPING_WINDOW_MS;
  typedInto = target;
}

function typing(): boolean {
  return performance.now() < typingUntil;
}

/** Schedules the loop; `more`: right after a slice that left work (rest first while typing). */
function wake(more = false): void {
  if (scheduled) return;
  scheduled = true;
  if (more && typing() && !(typedInto && ready.has(typedInto))) {
    setTimeout(() => {
      lastPark = performance.now();
      run();
    }, TYPING_REST_MS);
  } else if (performance.now() - lastPark >= PARK_MS) {
    setTimeout(() => {
      lastPark = performance.now();
      run();
    }, 0);
  } else {
    setImmediate(run);
  }
}

function run(): void {
  scheduled = false;
  const slow = typing();
  // The pane typed into first, at full pace: its echo is behind its own output.
  const first = slow && typedInto && ready.has(typedInto) ? typedInto : undefined;
  if (first) {
    ready.delete(first);
    if (first.slice(SLICE_MS)) ready.add(first);
  }
  const others = [...ready].filter((queue) => queue !== first);
  const started = performance.now();
  const budget = slow ? TYPING_SLICE_MS : SLICE_MS;
  const share = budget / Math.max(1, others.length);
  for (const queue of others) {
    ready.delete(queue);
    if (queue.slice(share)) ready.add(queue);
    if (performance.now() - started >= budget) break;
  }
  if (ready.size) wake(true);
  else lastPark = performance.now(); // nothing queued: the loop goes idle and polls I/O anyway
}

/** Queued output, parsed in slices. */
export class ParseQueue {
  #parse: (piece: string | Uint8Array) => void;
  #afterSlice: () => void;
  #items: (string | Uint8Array)[] = [];
  #head = 0;
  #offset = 0;
  #pending = 0;
  #written = 0;
  #parsed = 0;
  #flushes: { target: number; resolve: () => void }[] = [];
  #closed = false;

  /** `parse` gets each piece in order; `afterSlice` runs after each slice that parsed any. */
  constructor(parse: (piece: string | Uint8Array) => void, afterSlice: () => void) {
    this.#parse = parse;
    this.#afterSlice = afterSlice;
  }

  /** Units (bytes, or UTF-16 units for strings) written and not parsed yet. */
  get pending(): number {
    return this.#pending;
  }

  /** Whether the queue is empty. */
  get idle(): boolean {
    return this.#head >= this.#items.length;
  }

  /** Queues `data`. */
  write(data: string | Uint8Array): void {
    if (this.#closed || !data.length) return;
    this.#items.push(data);
    this.#pending += data.length;
    this.#written += data.length;
    ready.add(this);
    wake();
  }

  /** Resolves once everything written so far has been parsed. */
  flush(): Promise<void> {
    if (this.#parsed >= this.#written || this.#closed) return Promise.resolve();
    return new Promise((resolve) => this.#flushes.push({ target: this.#written, resolve }));
  }

  /** Drops what is queued and stops; pending flushes resolve. */
  close(): void {
    this.#closed = true;
    ready.delete(this);
    if (typedInto === this) typedInto = undefined;
    this.#items = [];
    this.#pending = 0;
    for (const flush of this.#flushes.splice(0)) flush.resolve();
  }

  /**
   * Parses for about `budgetMs` (at least one piece); true when work is left. Called by the
   * shared loop only.
   */
  slice(budgetMs: number): boolean {
    if (this.#closed) return false;
    const started = performance.now();
    let parsed = false;
    let now = started;
    while (!this.idle) {
      const left = budgetMs - (now - started);
      const piece = this.#take(Math.max(MIN_PIECE, Math.min(PIECE, Math.floor(left * unitsPerMs))));
      this.#parse(piece);
      const after = performance.now();
      measuredUnits += piece.length;
      measuredMs += after - now;
      if (measuredMs >= 0.5) {
        unitsPerMs = 0.5 * unitsPerMs + 0.5 * (measuredUnits / measuredMs);
        measuredUnits = measuredMs = 0;
      }
      now = after;
      parsed = true;
      if (now - started >= budgetMs) break;
    }
    if (this.idle) {
      this.#items = [];
      this.#head = 0;
    } else if (this.#head > 1024) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    if (parsed) {
      this.#afterSlice();
      while (this.#flushes.length && this.#flushes[0]!.target <= this.#parsed) {
        this.#flushes.shift()!.resolve();
      }
    }
    return !this.idle && !this.#closed;
  }

  /** The next piece, at most `size` long. */
  #take(size: number): string | Uint8Array {
    const head = this.#items[this.#head]!;
    let piece: string | Uint8Array;
    if (this.#offset === 0 && head.length <= size) {
      piece = head;
      this.#head++;
    } else {
      const end = Math.min(head.length, this.#offset + size);
      piece = typeof head === "string"
        ? head.slice(this.#offset, end)
        : head.subarray(this.#offset, end);
      this.#offset = end;
      if (end === head.length) {
        this.#offset = 0;
        this.#head++;
      }
    }
    this.#pending -= piece.length;
    this.#parsed += piece.length;
    return piece;
  }
}
