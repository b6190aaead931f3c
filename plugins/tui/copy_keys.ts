/**
 * Copy mode's key tables, as tmux names them: `copy-mode` (emacs keys) and `copy-mode-vi`.
 * Each key runs one copy-mode command, named as tmux's `send -X` names it, so a user's
 * `bind -T copy-mode-vi y send -X copy-selection-and-cancel` reads the same here.
 *
 * @module
 */

/** A copy-mode command (tmux's `send-keys -X` names). */
export type CopyCommand =
  | "cursor-up"
  | "cursor-down"
  | "cursor-left"
  | "cursor-right"
  | "next-word"
  | "next-word-end"
  | "previous-word"
  | "start-of-line"
  | "back-to-indentation"
  | "end-of-line"
  | "top-line"
  | "middle-line"
  | "bottom-line"
  | "history-top"
  | "history-bottom"
  | "scroll-up"
  | "scroll-down"
  | "page-up"
  | "page-down"
  | "halfpage-up"
  | "halfpage-down"
  | "begin-selection"
  | "select-line"
  | "rectangle-toggle"
  | "clear-selection"
  | "copy-selection"
  | "copy-selection-and-cancel"
  | "search-forward"
  | "search-backward"
  | "search-again"
  | "search-reverse"
  | "cancel";

/** Every copy-mode command, for checking a user's bindings. */
export const COPY_COMMANDS: ReadonlySet<string> = new Set<CopyCommand>([
  "cursor-up",
  "cursor-down",
  "cursor-left",
  "cursor-right",
  "next-word",
  "next-word-end",
  "previous-word",
  "start-of-line",
  "back-to-indentation",
  "end-of-line",
  "top-line",
  "middle-line",
  "bottom-line",
  "history-top",
  "history-bottom",
  "scroll-up",
  "scroll-down",
  "page-up",
  "page-down",
  "halfpage-up",
  "halfpage-down",
  "begin-selection",
  "select-line",
  "rectangle-toggle",
  "clear-selection",
  "copy-selection",
  "copy-selection-and-cancel",
  "search-forward",
  "search-backward",
  "search-again",
  "search-reverse",
  "cancel",
]);

/** Keys both tables share: arrows, pages, the wheel's neighbours. */
const COMMON: Record<string, CopyCommand> = {
  Up: "cursor-up",
  Down: "cursor-down",
  Left: "cursor-left",
  Right: "cursor-right",
  PPage: "page-up",
  NPage: "page-down",
  Home: "start-of-line",
  End: "end-of-line",
  "C-Up": "scroll-up",
  "C-Down": "scroll-down",
  q: "cancel",
};

/** tmux's `copy-mode-vi` table (plus `v` and `y`, as most vi users bind them). */
export const COPY_MODE_VI: Readonly<Record<string, CopyCommand>> = {
  ...COMMON,
  h: "cursor-left",
  j: "cursor-down",
  k: "cursor-up",
  l: "cursor-right",
  w: "next-word",
  e: "next-word-end",
  b: "previous-word",
  "0": "start-of-line",
  "^": "back-to-indentation",
  $: "end-of-line",
  H: "top-line",
  M: "middle-line",
  L: "bottom-line",
  g: "history-top",
  G: "history-bottom",
  "C-y": "scroll-up",
  "C-e": "scroll-down",
  "C-b": "page-up",
  "C-f": "page-down",
  "C-u": "halfpage-up",
  "C-d": "halfpage-down",
  Space: "begin-selection",
  v: "begin-selection",
  V: "select-line",
  "C-v": "rectangle-toggle",
  Escape: "clear-selection",
  y: "copy-selection-and-cancel",
  Enter: "copy-selection-and-cancel",
  "/": "search-forward",
  "?": "search-backward",
  n: "search-again",
  N: "search-reverse",
  "C-c": "cancel",
};

/** tmux's `copy-mode` table (emacs keys). */
export const COPY_MODE_EMACS: Readonly<Record<string, CopyCommand>> = {
  ...COMMON,
  "C-p": "cursor-up",
  "C-n": "cursor-down",
  "C-b": "cursor-left",
  "C-f": "cursor-right",
  "M-f": "next-word-end",
  "M-b": "previous-word",
  "C-a": "start-of-line",
  "M-m": "back-to-indentation",
  "C-e": "end-of-line",
  "M-R": "top-line",
  "M-r": "middle-line",
  "M-<": "history-top",
  "M->": "history-bottom",
  "M-v": "page-up",
  "C-v": "page-down",
  "M-Up": "halfpage-up",
  "M-Down": "halfpage-down",
  "C-Space": "begin-selection",
  R: "rectangle-toggle",
  "C-g": "clear-selection",
  "M-w": "copy-selection-and-cancel",
  "C-w": "copy-selection-and-cancel",
  "C-s": "search-forward",
  "C-r": "search-backward",
  n: "search-again",
  N: "search-reverse",
  Escape: "cancel",
};

/** The two built-in copy-mode tables by tmux's names. */
export const COPY_TABLES = {
  "copy-mode": COPY_MODE_EMACS,
  "copy-mode-vi": COPY_MODE_VI,
} as const;

/** What each copy-mode command does, for the help overlay. */
export const COPY_HELP: Readonly<Partial<Record<CopyCommand, string>>> = {
  "cursor-up": "move (arrows, word, line ends)",
  "page-up": "page up / down",
  "begin-selection": "start selecting",
  "select-line": "select whole lines",
  "rectangle-toggle": "rectangle selection on/off",
  "copy-selection-and-cancel": "copy (OSC 52 + weft buffer) and leave",
  "search-forward": "search down (count shown)",
  "search-backward": "search up",
  "search-again": "next match",
  cancel: "leave copy mode",
};
