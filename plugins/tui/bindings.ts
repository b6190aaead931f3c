/**
 * Key bindings as data: what each key does after the prefix, and in scroll mode. The help
 * overlay is drawn from these same tables.
 *
 * @module
 */

/** What a binding does; the client has one handler per action. */
export type Action =
  | "window-new"
  | "window-next"
  | "window-previous"
  | "window-select"
  | "split"
  | "focus-move"
  | "focus-next"
  | "pane-close"
  | "zoom"
  | "layout-next"
  | "detach"
  | "scroll-mode"
  | "prompt"
  | "help"
  | "send-prefix"
  | "redraw";

/** One binding: a key name (as {@link InputDecoder} names keys), an action, its argument. */
export interface Binding {
  key: string;
  action: Action;
  arg?: string | number;
  help: string;
}

const digits: Binding[] = Array.from({ length: 10 }, (_, n) => ({
  key: String(n),
  action: "window-select" as const,
  arg: n,
  help: `select window ${n}`,
}));

const moves: Binding[] = [
  ["Left", "h", "left"],
  ["Down", "j", "down"],
  ["Up", "k", "up"],
  ["Right", "l", "right"],
].flatMap(([arrow, vi, side]) => [
  { key: arrow!, action: "focus-move" as const, arg: side!, help: `focus the pane ${side}` },
  { key: vi!, action: "focus-move" as const, arg: side!, help: `focus the pane ${side}` },
]);

/** The keys that act after the prefix. The prefix key itself sends a literal prefix. */
export const PREFIX_BINDINGS: readonly Binding[] = [
  { key: "c", action: "window-new", help: "new window" },
  { key: "n", action: "window-next", help: "next window" },
  { key: "p", action: "window-previous", help: "previous window" },
  ...digits,
  { key: "%", action: "split", arg: "horizontal", help: "split left/right" },
  { key: '"', action: "split", arg: "vertical", help: "split top/bottom" },
  ...moves,
  { key: "o", action: "focus-next", help: "next pane" },
  { key: "x", action: "pane-close", help: "close the pane (asks)" },
  { key: "z", action: "zoom", help: "zoom the pane (layout plugin)" },
  { key: "E", action: "layout-next", help: "next layout preset (layout plugin)" },
  { key: "d", action: "detach", help: "detach (everything keeps running)" },
  { key: "[", action: "scroll-mode", help: "scroll mode: PgUp/PgDn, arrows, / search, q out" },
  { key: ":", action: "prompt", help: 'run a command: pane.write p2 {"text":"ls"}' },
  { key: "?", action: "help", help: "this help" },
  { key: "r", action: "redraw", help: "redraw the screen" },
];

/** What a key does in scroll mode. */
export type ScrollAction =
  | "line-up"
  | "line-down"
  | "page-up"
  | "page-down"
  | "half-up"
  | "half-down"
  | "top"
  | "bottom"
  | "search"
  | "search-next"
  | "search-previous"
  | "exit";

/** One scroll-mode binding. */
export interface ScrollBinding {
  key: string;
  action: ScrollAction;
  help: string;
}

/** The keys of scroll mode (the mouse wheel scrolls too). */
export const SCROLL_BINDINGS: readonly ScrollBinding[] = [
  { key: "Up", action: "line-up", help: "up a line" },
  { key: "k", action: "line-up", help: "up a line" },
  { key: "Down", action: "line-down", help: "down a line" },
  { key: "j", action: "line-down", help: "down a line" },
  { key: "PPage", action: "page-up", help: "up a page" },
  { key: "C-b", action: "page-up", help: "up a page" },
  { key: "NPage", action: "page-down", help: "down a page" },
  { key: "C-f", action: "page-down", help: "down a page" },
  { key: "C-u", action: "half-up", help: "up half a page" },
  { key: "C-d", action: "half-down", help: "down half a page" },
  { key: "g", action: "top", help: "oldest line" },
  { key: "Home", action: "top", help: "oldest line" },
  { key: "G", action: "bottom", help: "newest line" },
  { key: "End", action: "bottom", help: "newest line" },
  { key: "/", action: "search", help: "search backwards" },
  { key: "n", action: "search-next", help: "next match (older)" },
  { key: "N", action: "search-previous", help: "previous match (newer)" },
  { key: "q", action: "exit", help: "leave scroll mode" },
  { key: "Escape", action: "exit", help: "leave scroll mode" },
];

/**
 * The binding for a key after the prefix; the prefix key itself maps to `send-prefix`.
 *
 * @example
 * ```ts
 * import { prefixBinding } from "./bindings.ts";
 * console.assert(prefixBinding("%", "C-b")?.action === "split");
 * console.assert(prefixBinding("C-b", "C-b")?.action === "send-prefix");
 * ```
 */
export function prefixBinding(key: string, prefix: string): Binding | undefined {
  if (key === prefix) return { key, action: "send-prefix", help: "send the prefix key itself" };
  return PREFIX_BINDINGS.find((b) => b.key === key);
}

/**
 * The scroll-mode action of a key.
 *
 * @example
 * ```ts
 * import { scrollBinding } from "./bindings.ts";
 * console.assert(scrollBinding("q") === "exit");
 * ```
 */
export function scrollBinding(key: string): ScrollAction | undefined {
  return SCROLL_BINDINGS.find((b) => b.key === key)?.action;
}
