/**
 * Focus reports (DECSET 1004), as tmux sends them with focus-events on: a pane whose program
 * asked hears `ESC [ I` when it gains focus and `ESC [ O` when it loses it; a pane has focus
 * while it is focused in weft and the outer terminal has focus.
 *
 * @module
 */

import type { PaneMirror } from "./pane_mirror.ts";

/** Tells panes that asked when they gain and lose focus. */
export class FocusReports {
  #mirror: (pane: string) => PaneMirror | undefined;
  #send: (pane: string, text: string) => void;
  /** Whether the outer terminal has focus (until it says otherwise, it has). */
  #terminalFocused = true;

  constructor(
    mirror: (pane: string) => PaneMirror | undefined,
    send: (pane: string, text: string) => void,
  ) {
    this.#mirror = mirror;
    this.#send = send;
  }

  /** The outer terminal gained or lost focus; `focused` is weft's focused pane. */
  terminal(focused: boolean, pane: string | undefined): void {
    this.#terminalFocused = focused;
    this.#report(pane, focused);
  }

  /** Weft's focus moved from `was` to `now`. */
  moved(was: string | null | undefined, now: string | null | undefined): void {
    this.#report(was, false);
    this.#report(now, true);
  }

  #report(pane: string | null | undefined, focused: boolean): void {
    const mirror = pane ? this.#mirror(pane) : undefined;
    if (!pane || !mirror?.modes.focusEvents) return;
    if (focused && !this.#terminalFocused) return;
    this.#send(pane, focused ? "\x1b[I" : "\x1b[O");
  }
}
