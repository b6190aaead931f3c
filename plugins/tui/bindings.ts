/**
 * Key bindings as data: what each key does after the prefix (copy mode's are in
 * `copy_keys.ts`). The help overlay is drawn from these same tables.
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
  | "copy-mode"
  | "prompt"
  | "help"
  | "send-prefix"
  | "redraw"
  | "choose-tree"
  | "rename-window"
  | "rename-session"
  | "resize"
  | "swap-pane"
  | "break-pane"
  | "window-last"
  | "pane-last"
  | "next-blocked"
  | "paste-buffer";

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
  ["Left", "left"],
  ["Down", "down"],
  ["Up", "up"],
  ["Right", "right"],
].flatMap(([arrow, side]) => [
  { key: arrow!, action: "focus-move" as const, arg: side!, help: `focus the pane ${side}` },
  { key: `C-${arrow}`, action: "resize" as const, arg: `${side}:1`, help: "resize by 1 cell" },
  { key: `M-${arrow}`, action: "resize" as const, arg: `${side}:5`, help: "resize by 5 cells" },
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
  { key: ";", action: "pane-last", help: "the last focused pane" },
  { key: "l", action: "window-last", help: "the last window" },
  { key: "w", action: "choose-tree", arg: "windows", help: "choose a window or pane (tree)" },
  { key: "s", action: "choose-tree", arg: "sessions", help: "choose a session (tree)" },
  { key: ",", action: "rename-window", help: "rename the window" },
  { key: "$", action: "rename-session", help: "rename the session" },
  { key: "{", action: "swap-pane", arg: -1, help: "swap with the previous pane" },
  { key: "}", action: "swap-pane", arg: 1, help: "swap with the next pane" },
  { key: "!", action: "break-pane", help: "break the pane out into a new window" },
  {
    key: "b",
    action: "next-blocked",
    help: "jump to the next agent that needs you; show its question",
  },
  { key: "]", action: "paste-buffer", help: "paste the newest buffer into the pane" },
  { key: "x", action: "pane-close", help: "close the pane (asks)" },
  { key: "z", action: "zoom", help: "zoom the pane (layout plugin)" },
  { key: "E", action: "layout-next", help: "next layout preset (layout plugin)" },
  { key: "Space", action: "layout-next", help: "next layout preset (layout plugin)" },
  { key: "d", action: "detach", help: "detach (everything keeps running)" },
  { key: "[", action: "copy-mode", help: "copy mode: move, select, copy, search (q leaves)" },
  { key: ":", action: "prompt", help: "run a tmux or bus command (Tab completes)" },
  { key: "?", action: "help", help: "this help" },
  { key: "r", action: "redraw", help: "redraw the screen" },
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
