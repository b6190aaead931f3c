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

import { hookTrims, type LineList } from "./_capture.ts";
import { moveScrollback, QUIET_MS } from "./_quiet.ts";
import { History } from "./_history.ts";
import {
  contentEnd,
  logicalStart,
  type ReadView,
  renderLines,
  viewTop,
  type XBuffer,
} from "./_read.ts";
import { ChangeLog } from "./_changes.ts";
import { ParseLoop, ParseQueue } from "./_queue.ts";
import { parseStatus, STATUS_OSC, STATUS_PROBE_REPLY } from "../../protocols/status/mod.ts";
import { osc52Text } from "../../protocols/terminal/osc52.ts";
import {
  answerColorQueries,
  contentRows,
  createXterm,
  cwdOfOsc7,
  IDLE_PARSE_BUFFER,
  type Internal,
  type Xterm,
} from "./_xterm.ts";
import type { ReadOptions, ScreenModes, ScreenOptions, ScreenRead } from "./types.ts";

export type { ReadOptions, ScreenModes, ScreenOptions, ScreenRead };

/** Default low-water mark for {@link Screen.onDrain}. */
export const DEFAULT_LOW_WATER = 256 * 1024;

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
  #term: Xterm["term"];
  #core: Internal;
  #parser: Internal;
  #buffers: Internal;
  #history: History;
  #hooked: Internal;
  #unhook: (() => void) | undefined;
  #queue: ParseQueue;
  #loop: ParseLoop;
  #revision = 0;
  #changes = new ChangeLog();
  #dirtyFrom = Infinity;
  #dirtyTo = -Infinity;
  #parseTop = 0;
  #cursorWas = 0;
  #discardTrims = false;
  #changeListeners = new Set<(revision: number) => void>();
  #drainListeners = new Set<() => void>();
  #lowWater: number;
  #drainArmed = false;
  #title = "";
  #cwd: string | undefined;
  #bells = 0;
  #disposed = false;
  /** When output was last parsed, and the timer that shrinks the screen once it is quiet. */
  #lastParse = 0;
  #quietTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: ScreenOptions) {
    const x = createXterm(options.cols, options.rows);
    this.#term = x.term;
    this.#core = x.core;
    this.#parser = x.parser;
    this.#buffers = x.buffers;
    this.#loop = options.parseLoop ?? new ParseLoop();
    this.#queue = new ParseQueue(
      this.#loop,
      (piece) => this.#parse(piece),
      () => this.#endBatch(),
    );
    this.#history = new History(options.historyBytes);
    this.#lowWater = options.lowWater ?? DEFAULT_LOW_WATER;
    this.#term.onData(options.reply);
    answerColorQueries(this.#term, options.reply);
    this.#term.onTitleChange((title) => this.#title = title);
    this.#term.onBell(() => this.#bells++);
    this.#term.parser.registerOscHandler(7, (data) => {
      this.#cwd = cwdOfOsc7(data) ?? this.#cwd;
      return true;
    });
    const status = options.status;
    this.#term.parser.registerOscHandler(STATUS_OSC, (data) => {
      if (!status) return true;
      const message = parseStatus(data);
      if (message.type !== "query") guard(() => status.report(message));
      else if (status.answer()) options.reply(STATUS_PROBE_REPLY);
      return true;
    });
    const clipboard = options.clipboard;
    this.#term.parser.registerOscHandler(52, (data) => {
      const text = clipboard && osc52Text(data);
      if (text) guard(() => clipboard(text));
      return true;
    });
    this.#term.parser.registerCsiHandler({ final: "J" }, (params) => {
      // ED 3 erases the scrollback: its lines leave xterm to be dropped, not kept.
      if (params[0] === 3 && this.#buffers.active === this.#buffers.normal) {
        this.#discardTrims = true;
      }
      return false;
    });
    this.#parser.onRequestRefreshRows((range: { start: number; end: number } | undefined) =>
      this.#noteDirty(range)
    );
    this.#buffers.onBufferActivate(() => this.#rehook());
    this.#rehook();
  }

  /** Queues program output for parsing. */
  write(data: string | Uint8Array): void {
    if (this.#disposed) return;
    this.#queue.write(data);
    if (this.#queue.pending > this.#lowWater) this.#drainArmed = true;
  }

  /** Bytes (UTF-16 units for strings) written but not parsed yet. */
  get pendingBytes(): number {
    return this.#queue.pending;
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
    return this.#changes.seen(this.#revision);
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
      const span = this.#changes.since(options.since, this.#revision);
      if (span === null) changed = false;
      else {
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
      revision: this.#changes.seen(this.#revision),
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

  /**
   * Input was typed into this screen's pane: for a while, other panes' floods are parsed in
   * short slices with rests, and this one at full pace (its echo is behind its own output).
   */
  inputArrived(): void {
    this.#loop.inputArrived(this.#queue);
  }

  /** Resolves once everything written so far has been parsed. */
  flush(): Promise<void> {
    return this.#queue.flush();
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
    // xterm.js keeps the encoding only in its mouse service (1005 and 1015 it does not know).
    const encoding = (this.#term as Internal)._core.coreMouseService.activeEncoding;
    return {
      bracketedPaste: m.bracketedPasteMode,
      applicationCursor: m.applicationCursorKeysMode,
      applicationKeypad: m.applicationKeypadMode,
      mouse: m.mouseTrackingMode !== "none",
      mouseTracking: m.mouseTrackingMode,
      mouseEncoding: encoding === "SGR"
        ? "sgr"
        : encoding === "SGR_PIXELS"
        ? "sgr-pixels"
        : "default",
      alternateScreen: this.#term.buffer.active.type === "alternate",
      focusEvents: m.sendFocusMode,
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
    this.#queue.close();
    clearTimeout(this.#quietTimer);
    this.#unhook?.();
    this.#term.dispose();
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

  #parse(piece: string | Uint8Array): void {
    this.#parseTop = viewTop(this.#view());
    // Every handler is synchronous, so parse() never returns a promise here.
    this.#parser.parse(piece);
    this.#discardTrims = false;
  }

  #endBatch(): void {
    const active = this.#buffers.active;
    const cursor = (viewTop(this.#view()) + active.y) * 65536 + active.x;
    if (this.#dirtyTo > this.#dirtyFrom || cursor !== this.#cursorWas) {
      // A batch that only moved the cursor gets a revision with an empty span.
      this.#cursorWas = cursor;
      this.#revision++;
      this.#changes.record(this.#revision, this.#dirtyFrom, this.#dirtyTo);
      if (this.#changeListeners.size) this.#changes.seen(this.#revision);
      for (const listener of this.#changeListeners) guard(() => listener(this.#revision));
    }
    this.#dirtyFrom = Infinity;
    this.#dirtyTo = -Infinity;
    if (this.#queue.idle && this.#parser._parseBuffer.length > IDLE_PARSE_BUFFER) {
      this.#parser._parseBuffer = new Uint32Array(IDLE_PARSE_BUFFER);
    }
    this.#lastParse = performance.now();
    this.#quietTimer ??= this.#whenQuiet(QUIET_MS);
    const pending = this.#queue.pending;
    if (this.#drainArmed && pending <= this.#lowWater) {
      if (pending === 0) this.#drainArmed = false;
      for (const listener of this.#drainListeners) guard(listener);
    }
  }

  /** Shrinks the screen once no output was parsed for {@link QUIET_MS}. */
  #whenQuiet(ms: number): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => {
      const quietFor = performance.now() - this.#lastParse;
      if (quietFor < QUIET_MS || !this.#queue.idle) {
        this.#quietTimer = this.#whenQuiet(Math.max(10, QUIET_MS - quietFor));
        return;
      }
      this.#quietTimer = undefined;
      this.shrink();
    }, ms);
    Deno.unrefTimer(timer);
    return timer;
  }

  /**
   * Gives spare memory back (what a quiet pane does by itself after {@link QUIET_MS}): xterm's
   * scrollback moves into the compact history, the history's open chunk is trimmed to size.
   * Reads and line numbers stay the same.
   */
  shrink(): void {
    if (this.#disposed || !this.#queue.idle) return;
    moveScrollback(this.#buffers);
    this.#history.shrink();
  }
}

function guard(call: () => void): void {
  try {
    call();
  } catch (err) {
    console.error("weft: a screen listener failed:", err);
  }
}
