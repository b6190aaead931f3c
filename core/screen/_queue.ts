/**
 * The queues of output waiting to be parsed, and the one loop that parses them in slices off
 * the event loop, round-robin across panes.
 *
 * Why one loop with a budget and a regular park: with a loop per pane, ten flooding panes
 * made each event-loop turn 80 ms long, and because the loop never went idle, the runtime
 * polled its sockets only every few dozen turns, so a control-socket request waited seconds.
 * Now a turn parses for at most {@link SLICE_MS} in all, and at least every {@link PARK_MS}
 * the loop yields through a timer, which lets the runtime park and poll I/O. Between parks it
 * uses setImmediate (no timer clamping) to keep ingest fast. A timer park costs 1–2 ms, so in a
 * flood (work for longer than {@link FLOOD_MS}) the loop parks through a socket pair instead
 * (see `_park.ts`): the parser went from about half to about nine tenths of the time busy.
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
import { SocketPark } from "./_park.ts";

/** Parse for at most this long (all panes together) before yielding to the event loop. */
const SLICE_MS = 5;
/** Let the runtime park (and poll sockets) at least this often while parsing flat out. */
const PARK_MS = 3;
/** After this long with work without a break, parks go through a socket pair (`_park.ts`). */
const FLOOD_MS = 50;
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
 * The one loop that parses every queue of a server in turn: what it knows (the queues with
 * work, when it last parked, who is typing, how fast the parser goes) belongs to the server
 * that owns it, not to the process, so two servers in one process (tests) do not share it.
 */
export class ParseLoop {
  /**
   * How fast the parser goes (units per ms), measured as it goes: a piece is cut to fit what
   * is left of a slice's budget. At a fixed 64 KiB, one piece of scrolling lines took 3.6 ms
   * on an idle machine and more under load, so a 1 ms slice meant for a typist's echo ran
   * several ms.
   */
  #unitsPerMs = 16 * 1024;
  /**
   * What was parsed since the speed was last updated. Pieces are summed until they took 0.5 ms
   * (timers read in steps of about 0.1 ms): updated from single pieces, a speed once lowered
   * by a preempted piece made pieces too short to measure, and never rose again.
   */
  #measuredUnits = 0;
  #measuredMs = 0;
  /** Queues with work, served in turn; a served queue goes to the back. */
  #ready = new Set<ParseQueue>();
  #scheduled = false;
  #lastPark = performance.now();
  #typingUntil = -Infinity;
  /** The queue of the pane typed into last, parsed at full pace while typing lasts. */
  #typedInto: ParseQueue | undefined;
  #run = () => this.#slices();
  #park = new SocketPark();
  /** When the loop last went from no work to work. */
  #busySince: number | undefined;

  /**
   * Someone wrote input to a pane (`target`: its queue, when known): for a while, parse the
   * other panes' floods in short slices with rests (see the module doc).
   */
  inputArrived(target?: ParseQueue): void {
    this.#typingUntil = performance.now() + TYPING_WINDOW_MS;
    this.#typedInto = target;
  }

  /**
   * How many times the loop parked, through the socket pair or a timer, and whether the pair
   * is open now (`_park.ts`).
   */
  get parks(): { socket: number; timer: number; open: boolean } {
    return { ...this.#park.counts, open: this.#park.open };
  }

  /** The parser's measured speed, units per ms. */
  get unitsPerMs(): number {
    return this.#unitsPerMs;
  }

  /** `queue` has work: serve it in turn. */
  add(queue: ParseQueue): void {
    this.#busySince ??= performance.now();
    this.#ready.add(queue);
    this.#wake();
  }

  /** `queue` closed: forget it. */
  remove(queue: ParseQueue): void {
    this.#ready.delete(queue);
    if (this.#typedInto === queue) this.#typedInto = undefined;
    if (!this.#ready.size) this.#idle();
  }

  /** Calls `fn` once no socket pair is being made (flushes wait for it: nothing left pending). */
  settled(fn: () => void): void {
    this.#park.settled(fn);
  }

  #idle(): void {
    this.#busySince = undefined;
    this.#park.close();
  }

  /** Notes that `units` took `ms` to parse. */
  measured(units: number, ms: number): void {
    this.#measuredUnits += units;
    this.#measuredMs += ms;
    if (this.#measuredMs >= 0.5) {
      this.#unitsPerMs = 0.5 * this.#unitsPerMs + 0.5 * (this.#measuredUnits / this.#measuredMs);
      this.#measuredUnits = this.#measuredMs = 0;
    }
  }

  #typing(): boolean {
    return performance.now() < this.#typingUntil;
  }

  /** Schedules the loop; `more`: right after a slice that left work (rest first while typing). */
  #wake(more = false): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    const typed = this.#typedInto;
    if (more && this.#typing() && !(typed && this.#ready.has(typed))) {
      setTimeout(() => {
        this.#lastPark = performance.now();
        this.#slices();
      }, TYPING_REST_MS);
    } else if (performance.now() - this.#lastPark >= PARK_MS) {
      if (performance.now() - (this.#busySince ?? Infinity) >= FLOOD_MS) this.#park.start();
      this.#park.park(() => {
        this.#lastPark = performance.now();
        this.#slices();
      });
    } else {
      setImmediate(this.#run);
    }
  }

  #slices(): void {
    this.#scheduled = false;
    const ready = this.#ready;
    const slow = this.#typing();
    // The pane typed into first, at full pace: its echo is behind its own output.
    const typed = this.#typedInto;
    const first = slow && typed && ready.has(typed) ? typed : undefined;
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
    if (ready.size) this.#wake(true);
    // Nothing queued: the loop goes idle and polls I/O anyway.
    else {
      this.#lastPark = performance.now();
      this.#idle();
    }
  }
}

/** Queued output, parsed in slices. */
export class ParseQueue {
  #loop: ParseLoop;
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

  /**
   * `parse` gets each piece in order, when `loop` serves this queue; `afterSlice` runs after
   * each slice that parsed any.
   */
  constructor(
    loop: ParseLoop,
    parse: (piece: string | Uint8Array) => void,
    afterSlice: () => void,
  ) {
    this.#loop = loop;
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
    this.#loop.add(this);
  }

  /** Resolves once everything written so far has been parsed. */
  flush(): Promise<void> {
    if (this.#parsed >= this.#written || this.#closed) return Promise.resolve();
    return new Promise((resolve) => this.#flushes.push({ target: this.#written, resolve }));
  }

  /** Drops what is queued and stops; pending flushes resolve. */
  close(): void {
    this.#closed = true;
    this.#loop.remove(this);
    this.#items = [];
    this.#pending = 0;
    for (const flush of this.#flushes.splice(0)) flush.resolve();
  }

  /**
   * Parses for about `budgetMs` (at least one piece); true when work is left. Called by its
   * loop only.
   */
  slice(budgetMs: number): boolean {
    if (this.#closed) return false;
    const started = performance.now();
    let parsed = false;
    let now = started;
    while (!this.idle) {
      const left = budgetMs - (now - started);
      const size = Math.floor(left * this.#loop.unitsPerMs);
      const piece = this.#take(Math.max(MIN_PIECE, Math.min(PIECE, size)));
      this.#parse(piece);
      const after = performance.now();
      this.#loop.measured(piece.length, after - now);
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
        this.#loop.settled(this.#flushes.shift()!.resolve);
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
