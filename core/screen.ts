/**
 * A pane's headless screen: `@xterm/headless` parses the program's output; lines that scroll
 * off xterm's small scrollback move into a compact, byte-capped history store. Reads cover the
 * visible screen, the most recent lines, or the whole history, as plain text or with ANSI, and
 * carry a revision so a reader can ask only for what changed since.
 *
 * Parsing runs in slices off the event loop (xterm's parser called directly, no write buffer),
 * so output written here is parsed soon but not at once: `pendingBytes`, `onDrain` and `flush()`
 * tell where it stands.
 *
 * @module
 */

import xterm from "@xterm/headless";
import { clearImmediate, setImmediate } from "node:timers";
import { hookTrims, type LineList } from "./_screen_capture.ts";
import { History } from "./_screen_history.ts";
import {
  contentEnd,
  logicalStart,
  type ReadView,
  renderLines,
  viewTop,
  type XBuffer,
} from "./_screen_read.ts";

/** How to build a screen. */
export interface ScreenOptions {
  cols: number;
  rows: number;
  /** Cap, in bytes, on the history kept beyond xterm's own few hundred lines. */
  historyBytes: number;
  /** Receives the terminal's answers to queries (cursor position, device attributes, …). */
  reply: (data: string) => void;
  /** `onDrain` fires once pending output falls to this many bytes (default 256 KiB). */
  lowWater?: number;
}

/** What to read. */
export interface ReadOptions {
  /**
   * "visible" (default): the screen, every row; "recent": the last `lines`; "history":
   * everything kept. "recent" and "history" end at the last row with content.
   */
  mode?: "visible" | "recent" | "history";
  /** For "recent" (default: the screen height) and "history" (default: all): how many lines. */
  lines?: number;
  /** Keep colours and attributes as SGR sequences. */
  ansi?: boolean;
  /** Join soft-wrapped rows into the logical lines the program wrote. */
  joinWrapped?: boolean;
  /** Only the lines that changed after this revision. */
  since?: number;
}

/** The result of a read. */
export interface ScreenRead {
  /** Lines separated by "\n", trailing spaces trimmed. */
  text: string;
  revision: number;
  /** Number of the first row read, counted from the start of the pane. */
  firstLine: number;
  /** Rows covered (joined rows count each). */
  lineCount: number;
  /** Cursor position on the visible screen. */
  cursor: { x: number; y: number; visible: boolean };
  cols: number;
  rows: number;
  /** False when `since` was given and nothing in the window changed after it. */
  changed: boolean;
  title: string;
}

/** Terminal modes that change what input should look like. */
export interface ScreenModes {
  bracketedPaste: boolean;
  applicationCursor: boolean;
  applicationKeypad: boolean;
  mouse: boolean;
  alternateScreen: boolean;
}

/** Default low-water mark for {@link Screen.onDrain}. */
export const DEFAULT_LOW_WATER = 256 * 1024;

/** Lines xterm itself keeps above the screen; older ones live in the compact store. */
const XTERM_SCROLLBACK = 256;
/** Parse for at most this long before yielding to the event loop. */
const SLICE_MS = 8;
/** Largest piece handed to xterm's parser at once (its decode buffer grows to this). */
const PARSE_PIECE = 64 * 1024;
/** The size xterm's decode buffer starts at; it is shrunk back to it when parsing is idle. */
const IDLE_PARSE_BUFFER = 4096;
/** Revisions remembered for `since` reads. */
const CHANGE_RECORDS = 512;

interface Change {
  revision: number;
  from: number;
  to: number;
}

// deno-lint-ignore no-explicit-any
type Internal = any;

/**
 * A headless terminal screen with byte-capped history and revisioned reads.
 *
 * @example
 * ```ts
 * import { Screen } from "./screen.ts";
 * const screen = new Screen({ cols: 80, rows: 24, historyBytes: 1 << 20, reply: () => {} });
 * screen.write("hello\r\n\x1b[31mred\x1b[0m");
 * await screen.flush();
 * console.assert(screen.read().text.startsWith("hello\nred"));
 * screen.dispose();
 * ```
 */
export class Screen {
  #term: xterm.Terminal;
  #core: Internal;
  #parser: Internal;
  #buffers: Internal;
  #history: History;
  #hooked: Internal;
  #unhook: (() => void) | undefined;
  #queue: (string | Uint8Array)[] = [];
  #queueHead = 0;
  #headOffset = 0;
  #pending = 0;
  #written = 0;
  #parsed = 0;
  #scheduled: ReturnType<typeof setImmediate> | undefined;
  #revision = 0;
  #changes: Change[] = [];
  #dirtyFrom = Infinity;
  #dirtyTo = -Infinity;
  #parseTop = 0;
  #cursorWas = 0;
  #discardTrims = false;
  #changeListeners = new Set<(revision: number) => void>();
  #drainListeners = new Set<() => void>();
  #flushes: { target: number; resolve: () => void }[] = [];
  #lowWater: number;
  #drainArmed = false;
  #title = "";
  #cwd: string | undefined;
  #bells = 0;
  #disposed = false;

  constructor(options: ScreenOptions) {
    this.#term = new xterm.Terminal({
      cols: options.cols,
      rows: options.rows,
      scrollback: XTERM_SCROLLBACK,
      allowProposedApi: true,
      // Like tmux: clearing the screen pushes what was on it into the history.
      scrollOnEraseInDisplay: true,
      logLevel: "off",
    });
    this.#core = (this.#term as Internal)._core;
    this.#parser = this.#core._inputHandler;
    this.#buffers = this.#core._bufferService.buffers;
    this.#history = new History(options.historyBytes);
    this.#lowWater = options.lowWater ?? DEFAULT_LOW_WATER;
    this.#term.onData(options.reply);
    this.#term.onTitleChange((title) => this.#title = title);
    this.#term.onBell(() => this.#bells++);
    this.#term.parser.registerOscHandler(7, (data) => {
      this.#cwd = cwdOfOsc7(data) ?? this.#cwd;
      return true;
    });
    this.#term.parser.registerCsiHandler({ final: "J" }, (params) => {
      // ED 3 erases the scrollback: its lines leave xterm to be dropped, not kept.
      if (params[0] === 3 && this.#buffers.active === this.#buffers.normal) {
        this.#discardTrims = true;
      }
      return false;
    });
    // xterm marks every row dirty when the screen scrolls (they all moved on the display); in
    // line numbers a scroll into the history changes only the new bottom row and any rows
    // below a bottom margin.
    const markRange = this.#parser.markRangeDirty.bind(this.#parser);
    this.#parser.markRangeDirty = (top: number, bottom: number) => {
      const buffer = this.#buffers.active;
      if (buffer !== this.#buffers.normal || buffer.scrollTop !== 0) markRange(top, bottom);
      else markRange(bottom, this.#term.rows - 1);
    };
    exactDirtyRows(this.#parser._dirtyRowTracker);
    this.#parser.onRequestRefreshRows((range: { start: number; end: number } | undefined) =>
      this.#noteDirty(range)
    );
    this.#buffers.onBufferActivate(() => this.#rehook());
    this.#rehook();
  }

  /** Queues program output for parsing. */
  write(data: string | Uint8Array): void {
    if (this.#disposed || !data.length) return;
    this.#queue.push(data);
    this.#pending += data.length;
    this.#written += data.length;
    if (this.#pending > this.#lowWater) this.#drainArmed = true;
    this.#schedule();
  }

  /** Bytes (UTF-16 units for strings) written but not parsed yet. */
  get pendingBytes(): number {
    return this.#pending;
  }

  /** Calls `listener` after parsing brings pending output down to the low-water mark. */
  onDrain(listener: () => void): () => void {
    this.#drainListeners.add(listener);
    return () => this.#drainListeners.delete(listener);
  }

  /** Calls `listener` with the new revision after each parsed batch and each resize. */
  onChange(listener: (revision: number) => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  /** Goes up with every parsed batch that changed the screen. */
  get revision(): number {
    return this.#revision;
  }

  /** Reads the screen, recent lines or the history; see {@link ReadOptions}. */
  read(options: ReadOptions = {}): ScreenRead {
    const view = this.#view();
    const rows = this.#term.rows;
    let from: number;
    let to: number;
    if ((options.mode ?? "visible") === "visible") {
      from = viewTop(view);
      to = from + rows;
    } else {
      to = contentEnd(view);
      const all = options.mode === "history" && options.lines === undefined;
      from = Math.max(this.#history.start, all ? 0 : to - Math.max(0, options.lines ?? rows));
    }
    let changed = true;
    if (options.since !== undefined) {
      const span = this.#changedSince(options.since);
      if (span === null) changed = false;
      else if (span) {
        from = Math.max(from, span.from);
        to = Math.min(to, span.to);
        changed = from < to;
      }
    }
    if (changed && options.joinWrapped) from = logicalStart(view, from);
    const text = changed
      ? renderLines(view, from, to, {
        ansi: options.ansi ?? false,
        joinWrapped: options.joinWrapped ?? false,
      })
      : "";
    const active = view.active;
    return {
      text,
      revision: this.#revision,
      firstLine: changed ? from : to,
      lineCount: changed ? to - from : 0,
      cursor: { x: active.x, y: active.y, visible: !this.#core.coreService.isCursorHidden },
      cols: this.#term.cols,
      rows,
      changed,
      title: this.#title,
    };
  }

  /** Resizes the screen (reflowing xterm's lines; stored history keeps its old wrapping). */
  resize(cols: number, rows: number): void {
    if (this.#disposed || (cols === this.#term.cols && rows === this.#term.rows)) return;
    this.#parseTop = viewTop(this.#view());
    this.#term.resize(cols, rows);
    this.#noteDirty(undefined);
    this.#endBatch();
  }

  /** Resolves once everything written so far has been parsed. */
  flush(): Promise<void> {
    if (this.#parsed >= this.#written || this.#disposed) return Promise.resolve();
    return new Promise((resolve) => this.#flushes.push({ target: this.#written, resolve }));
  }

  /** The window title (OSC 0/2). */
  get title(): string {
    return this.#title;
  }

  /** The working directory the program reported (OSC 7), if any. */
  get cwd(): string | undefined {
    return this.#cwd;
  }

  /** How many times the program rang the bell. */
  get bells(): number {
    return this.#bells;
  }

  /** Modes that change how input should be encoded. */
  get modes(): ScreenModes {
    const m = this.#term.modes;
    return {
      bracketedPaste: m.bracketedPasteMode,
      applicationCursor: m.applicationCursorKeysMode,
      applicationKeypad: m.applicationKeypadMode,
      mouse: m.mouseTrackingMode !== "none",
      alternateScreen: this.#term.buffer.active.type === "alternate",
    };
  }

  /** Bytes the compact history holds (for the cap; xterm's own lines are not counted). */
  get historyBytes(): number {
    return this.#history.bytes;
  }

  /** Number of the oldest line still readable. */
  get firstLine(): number {
    return this.#history.start;
  }

  /** Stops parsing and frees the terminal; pending flushes resolve. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    if (this.#scheduled) clearImmediate(this.#scheduled);
    this.#queue = [];
    this.#pending = 0;
    this.#unhook?.();
    this.#term.dispose();
    for (const flush of this.#flushes.splice(0)) flush.resolve();
    this.#changeListeners.clear();
    this.#drainListeners.clear();
  }

  #view(): ReadView {
    return {
      history: this.#history,
      normal: this.#buffers.normal as XBuffer,
      active: this.#buffers.active as XBuffer,
      rows: this.#term.rows,
    };
  }

  /** Hooks the normal buffer's line list; after a reset (RIS), keeps what the old one held. */
  #rehook(): void {
    const normal = this.#buffers.normal;
    if (this.#hooked === normal) return;
    const old = this.#hooked;
    if (old) {
      this.#unhook?.();
      const keep = Math.min(old.lines.length, old.ybase + contentRows(old, this.#term.rows));
      for (let i = 0; i < keep; i++) this.#history.push(old.lines.get(i));
    }
    this.#hooked = normal;
    this.#unhook = hookTrims(normal.lines as LineList, (line) => {
      if (this.#discardTrims) this.#history.clear(1);
      else this.#history.push(line);
    });
  }

  #noteDirty(range: { start: number; end: number } | undefined): void {
    const top = viewTop(this.#view());
    const from = this.#parseTop + (range ? range.start : 0);
    const to = top + (range ? range.end + 1 : this.#term.rows);
    if (from < this.#dirtyFrom) this.#dirtyFrom = from;
    if (to > this.#dirtyTo) this.#dirtyTo = to;
  }

  #schedule(): void {
    if (!this.#scheduled) this.#scheduled = setImmediate(() => this.#pump());
  }

  #pump(): void {
    this.#scheduled = undefined;
    if (this.#disposed) return;
    const started = performance.now();
    let parsed = false;
    while (this.#queueHead < this.#queue.length) {
      const piece = this.#take();
      this.#parseTop = viewTop(this.#view());
      // Every handler is synchronous, so parse() never returns a promise here.
      this.#parser.parse(piece);
      this.#discardTrims = false;
      parsed = true;
      if (performance.now() - started >= SLICE_MS) break;
    }
    if (this.#queueHead >= this.#queue.length) {
      this.#queue = [];
      this.#queueHead = 0;
      if (this.#parser._parseBuffer.length > IDLE_PARSE_BUFFER) {
        this.#parser._parseBuffer = new Uint32Array(IDLE_PARSE_BUFFER);
      }
    } else if (this.#queueHead > 1024) {
      this.#queue = this.#queue.slice(this.#queueHead);
      this.#queueHead = 0;
    }
    if (parsed) this.#endBatch();
    if (this.#queueHead < this.#queue.length) this.#schedule();
  }

  /** The next piece of queued output, at most {@link PARSE_PIECE} long. */
  #take(): string | Uint8Array {
    const head = this.#queue[this.#queueHead]!;
    let piece: string | Uint8Array;
    if (this.#headOffset === 0 && head.length <= PARSE_PIECE) {
      piece = head;
      this.#queueHead++;
    } else {
      const end = Math.min(head.length, this.#headOffset + PARSE_PIECE);
      piece = typeof head === "string"
        ? head.slice(this.#headOffset, end)
        : head.subarray(this.#headOffset, end);
      this.#headOffset = end;
      if (end === head.length) {
        this.#headOffset = 0;
        this.#queueHead++;
      }
    }
    this.#pending -= piece.length;
    this.#parsed += piece.length;
    return piece;
  }

  #endBatch(): void {
    const active = this.#buffers.active;
    const cursor = (viewTop(this.#view()) + active.y) * 65536 + active.x;
    if (this.#dirtyTo > this.#dirtyFrom || cursor !== this.#cursorWas) {
      // A batch that only moved the cursor gets a revision with an empty span.
      this.#cursorWas = cursor;
      this.#revision++;
      this.#changes.push({ revision: this.#revision, from: this.#dirtyFrom, to: this.#dirtyTo });
      if (this.#changes.length > CHANGE_RECORDS) this.#changes.shift();
      for (const listener of this.#changeListeners) guard(() => listener(this.#revision));
    }
    this.#dirtyFrom = Infinity;
    this.#dirtyTo = -Infinity;
    while (this.#flushes.length && this.#flushes[0]!.target <= this.#parsed) {
      this.#flushes.shift()!.resolve();
    }
    if (this.#drainArmed && this.#pending <= this.#lowWater) {
      if (this.#pending === 0) this.#drainArmed = false;
      for (const listener of this.#drainListeners) guard(listener);
    }
  }

  /** Lines changed after `revision`: a span, null for none, undefined when too old to know. */
  #changedSince(revision: number): { from: number; to: number } | null | undefined {
    if (revision >= this.#revision) return null;
    const oldest = this.#changes[0];
    if (!oldest || revision < oldest.revision - 1) return undefined;
    let from = Infinity;
    let to = -Infinity;
    for (let k = this.#changes.length - 1; k >= 0; k--) {
      const change = this.#changes[k]!;
      if (change.revision <= revision) break;
      if (change.from >= change.to) continue;
      from = Math.min(from, change.from);
      to = Math.max(to, change.to);
    }
    return from < to ? { from, to } : null;
  }
}

/**
 * xterm's dirty-row tracker starts each parse with the cursor row marked (it repaints the
 * cursor); for "what changed" only rows that were written count, so start it empty.
 */
function exactDirtyRows(tracker: Internal): void {
  const EMPTY = 1 << 30;
  tracker.clearRange = () => {
    tracker.start = EMPTY;
    tracker.end = -1;
  };
  tracker.markDirty = (y: number) => {
    if (y < tracker.start) tracker.start = y;
    if (y > tracker.end) tracker.end = y;
  };
  tracker.markRangeDirty = (a: number, b: number) => {
    if (a > b) [a, b] = [b, a];
    if (a < tracker.start) tracker.start = a;
    if (b > tracker.end) tracker.end = b;
  };
  tracker.clearRange();
}

function guard(call: () => void): void {
  try {
    call();
  } catch (err) {
    console.error("weft: a screen listener failed:", err);
  }
}

/** Rows of `buffer`'s screen up to the last one with content. */
function contentRows(buffer: Internal, rows: number): number {
  for (let y = rows - 1; y >= 0; y--) {
    if (buffer.lines.get(buffer.ybase + y)?.getTrimmedLength()) return y + 1;
  }
  return 0;
}

/** The path of an OSC 7 `file://host/path` report, percent-decoded. */
function cwdOfOsc7(data: string): string | undefined {
  const match = /^file:\/\/[^/]*(\/.*)$/.exec(data);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1];
  }
}
