/**
 * Scroll mode for one pane: how far up its history the view is, and search. The view stays on
 * the same lines while new output arrives below.
 *
 * @module
 */

import type { ScrollAction } from "./bindings.ts";

/** The history a scroll view moves over: line `i` counts from the oldest kept line. */
export interface ScrollBuffer {
  /** Lines above the live screen (the live screen's top line is `baseY`). */
  baseY: number;
  rows: number;
  lineText(i: number): string;
}

/** A search hit: absolute line, column (in UTF-16 units of the line text), length. */
export interface Match {
  line: number;
  col: number;
  length: number;
}

/**
 * The scroll position of one pane: `offset` lines up from the live screen (0 = live).
 *
 * @example
 * ```ts
 * import { ScrollView } from "./scroll.ts";
 * const lines = Array.from({ length: 100 }, (_, i) => `line ${i}`);
 * const buffer = { baseY: 90, rows: 10, lineText: (i: number) => lines[i] ?? "" };
 * const view = new ScrollView("p1", buffer.baseY);
 * view.act("page-up", buffer);
 * console.assert(view.top(buffer) === 81);
 * console.assert(view.search("line 7", buffer) && view.match?.line === 79);
 * ```
 */
export class ScrollView {
  readonly pane: string;
  offset = 0;
  term = "";
  match: Match | undefined;
  #base: number;

  constructor(pane: string, baseY: number) {
    this.pane = pane;
    this.#base = baseY;
  }

  /** The first line shown. */
  top(buffer: ScrollBuffer): number {
    this.#follow(buffer);
    return buffer.baseY - this.offset;
  }

  /** Moves by `lines` (positive: up, into history); returns the new offset. */
  scroll(lines: number, buffer: ScrollBuffer): number {
    this.#follow(buffer);
    this.offset = Math.max(0, Math.min(buffer.baseY, this.offset + lines));
    return this.offset;
  }

  /** Applies a scroll-mode action; false means leave scroll mode. */
  act(action: ScrollAction, buffer: ScrollBuffer): boolean {
    const page = Math.max(1, buffer.rows - 1);
    const half = Math.max(1, Math.floor(buffer.rows / 2));
    const moves: Partial<Record<ScrollAction, number>> = {
      "line-up": 1,
      "line-down": -1,
      "page-up": page,
      "page-down": -page,
      "half-up": half,
      "half-down": -half,
      top: Infinity,
      bottom: -Infinity,
    };
    const by = moves[action];
    if (by !== undefined) {
      this.scroll(Number.isFinite(by) ? by : by > 0 ? buffer.baseY : -buffer.baseY, buffer);
      return true;
    }
    if (action === "search-next" || action === "search-previous") {
      if (this.term) this.search(this.term, buffer, action === "search-next" ? "older" : "newer");
      return true;
    }
    return action !== "exit";
  }

  /**
   * Finds `term` going `older` (up) or `newer` from the last match (or the view's edge), and
   * scrolls so the hit shows. Lowercase terms match any case. Returns whether it found one.
   */
  search(term: string, buffer: ScrollBuffer, direction: "older" | "newer" = "older"): boolean {
    this.#follow(buffer);
    if (term !== this.term) this.match = undefined;
    this.term = term;
    if (!term) return false;
    const fold = term === term.toLowerCase();
    const needle = fold ? term.toLowerCase() : term;
    const top = buffer.baseY - this.offset;
    const last = buffer.baseY + buffer.rows - 1;
    const step = direction === "older" ? -1 : 1;
    let line = this.match
      ? this.match.line + step
      : direction === "older"
      ? top + buffer.rows - 1
      : top;
    for (; line >= 0 && line <= last; line += step) {
      const text = buffer.lineText(line);
      const col = (fold ? text.toLowerCase() : text).indexOf(needle);
      if (col < 0) continue;
      this.match = { line, col, length: term.length };
      if (line < top || line >= top + buffer.rows) {
        const wantTop = Math.max(0, Math.min(buffer.baseY, line - Math.floor(buffer.rows / 2)));
        this.offset = buffer.baseY - wantTop;
      }
      return true;
    }
    return false;
  }

  /** The screen was rebuilt (history added above it): keep the offset, take the new base. */
  rebase(baseY: number): void {
    this.#base = baseY;
    this.offset = Math.min(this.offset, baseY);
  }

  /** Keeps the same lines in view when output pushed the live screen down. */
  #follow(buffer: ScrollBuffer): void {
    const grew = buffer.baseY - this.#base;
    this.#base = buffer.baseY;
    if (this.offset > 0 && grew > 0) this.offset = Math.min(buffer.baseY, this.offset + grew);
  }
}
