/**
 * Copy mode for one pane, as tmux has it: a view over the pane's history that stays on the
 * same lines while output arrives, a cursor, a selection (characters, whole lines or a
 * rectangle), and search both ways with a match count. Positions are absolute lines of the
 * mirror's buffer (0: the oldest kept line) and cell columns.
 *
 * @module
 */

import type { CopyCommand } from "./copy_keys.ts";
import { findMatches, type Match, wordMove } from "./copy_text.ts";

export type { Match } from "./copy_text.ts";

/** The history copy mode moves over. */
export interface CopyBuffer {
  /** Lines above the live screen (the live screen's top line is `baseY`). */
  baseY: number;
  rows: number;
  cols: number;
  lineText(i: number): string;
  /** Cells `start` to `end` (exclusive) of line `i`, right-trimmed. */
  slice(i: number, start: number, end: number): string;
  /** True when line `i` continues line `i - 1` (a soft wrap). */
  wrapped(i: number): boolean;
  /** Which screen this is: a new one (a resync, history loaded) keeps the same lines in view. */
  screen?: unknown;
}

/** A place in the buffer. */
export interface Point {
  line: number;
  col: number;
}

/** What a command asks of the client. */
export type CopyResult = { copy?: string; leave?: boolean; search?: "forward" | "backward" };

/** Selection shapes. */
export type Shape = "char" | "line" | "rect";

/**
 * The state of copy mode in one pane.
 *
 * @example
 * ```ts
 * import { CopyMode } from "./copy_mode.ts";
 * const lines = ["alpha beta", "gamma"];
 * const buffer = {
 *   baseY: 0, rows: 2, cols: 10, lineText: (i: number) => lines[i] ?? "",
 *   slice: (i: number, s: number, e: number) => (lines[i] ?? "").slice(s, e).trimEnd(),
 *   wrapped: () => false,
 * };
 * const copy = new CopyMode("p1", buffer, { line: 0, col: 0 });
 * copy.run("begin-selection", buffer);
 * copy.run("next-word-end", buffer);
 * console.assert(copy.run("copy-selection", buffer).copy === "alpha");
 * ```
 */
export class CopyMode {
  readonly pane: string;
  /** Lines up from the live screen (0: live). */
  offset = 0;
  cursor: Point;
  anchor: Point | undefined;
  shape: Shape = "char";
  term = "";
  match: Match | undefined;
  /** The last search's place among all matches (1-based) and their count. */
  count: { index: number; total: number } | undefined;
  #base: number;
  #screen: unknown;
  /** Line texts the last search read, while the screen and its history stay the same. */
  #texts: { screen: unknown; baseY: number; lines: string[] } | undefined;

  constructor(pane: string, buffer: CopyBuffer, cursor: Point) {
    this.pane = pane;
    this.#base = buffer.baseY;
    this.#screen = buffer.screen;
    this.cursor = { ...cursor };
  }

  /** The first line shown. */
  top(buffer: CopyBuffer): number {
    this.#follow(buffer);
    return buffer.baseY - this.offset;
  }

  /** Scrolls the view by `lines` (positive: up, into history); the cursor stays in view. */
  scroll(lines: number, buffer: CopyBuffer): number {
    this.#follow(buffer);
    this.offset = clamp(this.offset + lines, 0, buffer.baseY);
    const top = buffer.baseY - this.offset;
    this.cursor.line = clamp(this.cursor.line, top, top + buffer.rows - 1);
    return this.offset;
  }

  /** Runs one copy-mode command. */
  run(command: CopyCommand, buffer: CopyBuffer): CopyResult {
    this.#follow(buffer);
    const last = buffer.baseY + buffer.rows - 1;
    const c = this.cursor;
    const top = buffer.baseY - this.offset;
    const page = Math.max(1, buffer.rows - 1);
    const half = Math.max(1, Math.floor(buffer.rows / 2));
    const text = () => buffer.lineText(c.line);
    switch (command) {
      case "cursor-up":
        c.line = Math.max(0, c.line - 1);
        break;
      case "cursor-down":
        c.line = Math.min(last, c.line + 1);
        break;
      case "cursor-left":
        c.col = Math.max(0, c.col - 1);
        break;
      case "cursor-right":
        c.col = Math.min(buffer.cols - 1, c.col + 1);
        break;
      case "next-word":
      case "next-word-end":
      case "previous-word":
        this.cursor = wordMove(command, c, buffer);
        break;
      case "start-of-line":
        c.col = 0;
        break;
      case "back-to-indentation":
        c.col = Math.max(0, text().search(/\S/));
        break;
      case "end-of-line":
        c.col = Math.max(0, text().trimEnd().length - 1);
        break;
      case "top-line":
        c.line = top;
        break;
      case "middle-line":
        c.line = top + Math.floor((buffer.rows - 1) / 2);
        break;
      case "bottom-line":
        c.line = top + buffer.rows - 1;
        break;
      case "history-top":
        this.cursor = { line: 0, col: 0 };
        break;
      case "history-bottom":
        this.cursor = { line: last, col: c.col };
        break;
      case "scroll-up":
      case "scroll-down":
        this.scroll(command === "scroll-up" ? 1 : -1, buffer);
        return {};
      case "page-up":
      case "page-down":
      case "halfpage-up":
      case "halfpage-down": {
        const by = command.startsWith("half") ? half : page;
        const up = command.endsWith("up");
        const before = this.offset;
        this.offset = clamp(this.offset + (up ? by : -by), 0, buffer.baseY);
        const moved = this.offset - before;
        // The cursor keeps its row on the screen; at either end it moves instead.
        c.line = clamp(moved ? c.line - moved : c.line + (up ? -by : by), 0, last);
        break;
      }
      case "begin-selection":
        this.anchor = { ...c };
        this.shape = this.shape === "line" ? "char" : this.shape;
        return {};
      case "select-line":
        this.anchor = { ...c };
        this.shape = "line";
        return {};
      case "rectangle-toggle":
        this.shape = this.shape === "rect" ? "char" : "rect";
        return {};
      case "clear-selection":
        this.anchor = undefined;
        this.shape = "char";
        return {};
      case "copy-selection":
      case "copy-selection-and-cancel": {
        const copied = this.selectedText(buffer);
        const leave = command === "copy-selection-and-cancel";
        if (!leave) this.anchor = undefined;
        return copied === undefined ? { leave } : { copy: copied, leave };
      }
      case "search-forward":
        return { search: "forward" };
      case "search-backward":
        return { search: "backward" };
      case "search-again":
      case "search-reverse":
        if (this.term) this.search(this.term, buffer, command === "search-again");
        return {};
      case "cancel":
        return { leave: true };
    }
    this.cursor.col = clamp(this.cursor.col, 0, buffer.cols - 1);
    this.#show(this.cursor.line, buffer);
    return {};
  }

  /**
   * Finds `term` after (`forward`) or before the cursor, wrapping around the history, moves
   * the cursor to it and counts every match. Lowercase terms match any case. Returns whether
   * it found one.
   */
  search(term: string, buffer: CopyBuffer, forward: boolean): boolean {
    this.#follow(buffer);
    if (term !== this.term) this.match = undefined;
    this.term = term;
    const all = term ? findMatches(term, this.#cachedText(buffer)) : [];
    if (!all.length) {
      this.count = undefined;
      this.match = undefined;
      return false;
    }
    const at = this.cursor;
    const after = (m: Match) => m.line > at.line || (m.line === at.line && m.col > at.col);
    const before = (m: Match) => m.line < at.line || (m.line === at.line && m.col < at.col);
    let index = forward ? all.findIndex(after) : all.findLastIndex(before);
    if (index < 0) index = forward ? 0 : all.length - 1;
    const match = all[index]!;
    this.match = match;
    this.count = { index: index + 1, total: all.length };
    this.cursor = { line: match.line, col: match.col };
    this.#show(match.line, buffer, true);
    return true;
  }

  /** The selected range of columns on `line` (end exclusive), if any of it is selected. */
  selectedCols(line: number, cols: number): [number, number] | undefined {
    if (!this.anchor) return undefined;
    const [a, b] = ordered(this.anchor, this.cursor);
    if (line < a.line || line > b.line) return undefined;
    if (this.shape === "line") return [0, cols];
    if (this.shape === "rect") {
      const left = Math.min(this.anchor.col, this.cursor.col);
      return [left, Math.max(this.anchor.col, this.cursor.col) + 1];
    }
    return [line === a.line ? a.col : 0, line === b.line ? b.col + 1 : cols];
  }

  /** The selection as text: soft-wrapped lines joined, trailing blanks dropped. */
  selectedText(buffer: CopyBuffer): string | undefined {
    if (!this.anchor) return undefined;
    const [a, b] = ordered(this.anchor, this.cursor);
    let out = "";
    for (let line = a.line; line <= b.line; line++) {
      const [start, end] = this.selectedCols(line, buffer.cols)!;
      const join = this.shape !== "rect" && line > a.line && buffer.wrapped(line);
      if (line > a.line && !join) out += "\n";
      out += buffer.slice(line, start, end);
    }
    return out;
  }

  /** The buffer with its history lines' texts kept between searches (`n` on 100k lines). */
  #cachedText(buffer: CopyBuffer): CopyBuffer {
    const t = this.#texts;
    const lines = t && t.screen === buffer.screen && t.baseY === buffer.baseY ? t.lines : [];
    this.#texts = { screen: buffer.screen, baseY: buffer.baseY, lines };
    return {
      ...buffer,
      lineText: (i) => i < buffer.baseY ? (lines[i] ??= buffer.lineText(i)) : buffer.lineText(i),
    };
  }

  /** Scrolls so `line` shows (centred when `centre`). */
  #show(line: number, buffer: CopyBuffer, centre = false): void {
    const top = buffer.baseY - this.offset;
    if (line >= top && line < top + buffer.rows) return;
    const want = centre
      ? line - Math.floor(buffer.rows / 2)
      : line < top
      ? line
      : line - buffer.rows + 1;
    this.offset = buffer.baseY - clamp(want, 0, buffer.baseY);
  }

  /**
   * Keeps the same lines in view: output that pushed the live screen down moves the view up
   * with it (copy mode holds still, as tmux's does); a new screen with more (or less) history
   * above the live one moves every position by the difference.
   */
  #follow(buffer: CopyBuffer): void {
    const grew = buffer.baseY - this.#base;
    this.#base = buffer.baseY;
    if (buffer.screen !== this.#screen) {
      this.#screen = buffer.screen;
      for (const p of [this.cursor, this.anchor, this.match]) {
        if (p) p.line = Math.max(0, p.line + grew);
      }
    } else if (grew > 0) this.offset += grew;
    this.offset = clamp(this.offset, 0, buffer.baseY);
  }
}

function ordered(a: Point, b: Point): [Point, Point] {
  return a.line < b.line || (a.line === b.line && a.col <= b.col) ? [a, b] : [b, a];
}

function clamp(n: number, low: number, high: number): number {
  return Math.max(low, Math.min(high, n));
}
