/**
 * tmux's `send-keys` arguments: each is a key name when tmux knows it as one (`Enter`, `C-c`,
 * `BSpace`, `M-Left`, …), otherwise literal text. Key names are translated to weft's
 * (`protocols/terminal/keys.ts`).
 *
 * @module
 */

const NAMES: Record<string, string> = {
  enter: "Enter",
  escape: "Escape",
  tab: "Tab",
  btab: "S-Tab",
  bspace: "Backspace",
  space: "Space",
  up: "Up",
  down: "Down",
  left: "Left",
  right: "Right",
  home: "Home",
  end: "End",
  pageup: "PageUp",
  ppage: "PageUp",
  pgup: "PageUp",
  pagedown: "PageDown",
  npage: "PageDown",
  pgdn: "PageDown",
  ic: "Insert",
  insert: "Insert",
  dc: "Delete",
  delete: "Delete",
  ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i + 1}`, `F${i + 1}`])),
};

/**
 * The weft key name for a tmux key name, or null when tmux would type the word as text.
 *
 * @example
 * ```ts
 * import { tmuxKey } from "./keys.ts";
 * tmuxKey("C-c"); // "C-c"
 * tmuxKey("BSpace"); // "Backspace"
 * tmuxKey("ls"); // null
 * ```
 */
export function tmuxKey(word: string): string | null {
  let mods = "";
  let rest = word;
  for (;;) {
    const m = /^([CMS])-(.+)$/i.exec(rest);
    if (m) {
      mods += `${m[1]!.toUpperCase()}-`;
      rest = m[2]!;
    } else if (rest.length === 2 && rest[0] === "^") {
      mods += "C-";
      rest = rest[1]!;
    } else break;
  }
  const named = NAMES[rest.toLowerCase()];
  if (named) return mods + named;
  if (mods && [...rest].length === 1) return mods + rest.toLowerCase();
  return null;
}

/** One write to a pane: literal text, or named keys. */
export type KeyChunk = { text: string } | { keys: string[] };

/**
 * Splits `send-keys` arguments into writes, in order; with `literal` (`-l`) all is text.
 *
 * @example
 * ```ts
 * import { sendKeysChunks } from "./keys.ts";
 * sendKeysChunks(["cd /x && ls", "Enter"], false); // [{ text: "cd /x && ls" }, { keys: ["Enter"] }]
 * ```
 */
export function sendKeysChunks(args: readonly string[], literal: boolean): KeyChunk[] {
  const out: KeyChunk[] = [];
  for (const arg of args) {
    const key = literal ? null : tmuxKey(arg);
    const last = out.at(-1);
    if (key) {
      if (last && "keys" in last) last.keys.push(key);
      else out.push({ keys: [key] });
    } else if (last && "text" in last) last.text += arg;
    else out.push({ text: arg });
  }
  return out.filter((c) => !("text" in c) || c.text !== "");
}
