/**
 * Key names to the bytes xterm sends for them, and bracketed paste.
 *
 * Names follow tmux: `Enter`, `Tab`, `Escape`, `Up`, `PageDown`, `F5`, `C-c` (control),
 * `M-x` (meta/alt: an ESC prefix), `S-Tab`, and modifiers on the cursor, editing and function
 * keys (`C-Left`, `S-Up`, `C-S-End`) in xterm's `CSI 1;<mod>X` form.
 *
 * @module
 */

import { WeftError } from "../bus/errors.ts";
import { didYouMean } from "../bus/suggest.ts";

/** Terminal modes that change what a key sends. */
export interface KeyModes {
  applicationCursor: boolean;
}

interface Mods {
  ctrl: boolean;
  meta: boolean;
  shift: boolean;
}

const ESC = "\x1b";
const CSI = "\x1b[";
const SS3 = "\x1bO";

/** Cursor keys: final byte; SS3 in application cursor mode, CSI otherwise. */
const CURSOR: Record<string, string> = {
  up: "A",
  down: "B",
  right: "C",
  left: "D",
  home: "H",
  end: "F",
};

/** Keys sent as `CSI <n> ~`. */
const TILDE: Record<string, number> = {
  insert: 2,
  delete: 3,
  pageup: 5,
  pagedown: 6,
  f5: 15,
  f6: 17,
  f7: 18,
  f8: 19,
  f9: 20,
  f10: 21,
  f11: 23,
  f12: 24,
};

/** F1–F4: SS3 P..S, `CSI 1;<mod>P` with modifiers. */
const PF: Record<string, string> = { f1: "P", f2: "Q", f3: "R", f4: "S" };

/** Plain keys. */
const PLAIN: Record<string, string> = {
  enter: "\r",
  tab: "\t",
  escape: ESC,
  backspace: "\x7f",
  space: " ",
};

/** Other spellings (tmux's and common ones) of the names above. */
const ALIASES: Record<string, string> = {
  return: "enter",
  esc: "escape",
  bspace: "backspace",
  bs: "backspace",
  del: "delete",
  dc: "delete",
  ins: "insert",
  ic: "insert",
  pgup: "pageup",
  ppage: "pageup",
  pgdn: "pagedown",
  pgdown: "pagedown",
  npage: "pagedown",
  spc: "space",
};

/** Control characters for `C-<char>` beyond the letters. */
const CONTROL_PUNCT: Record<string, string> = {
  "@": "\x00",
  "[": "\x1b",
  "\\": "\x1c",
  "]": "\x1d",
  "^": "\x1e",
  "_": "\x1f",
  "?": "\x7f",
  "2": "\x00",
  " ": "\x00",
};

const KNOWN_NAMES = [
  "Enter",
  "Tab",
  "Escape",
  "Backspace",
  "Space",
  "Delete",
  "Insert",
  "Up",
  "Down",
  "Left",
  "Right",
  "Home",
  "End",
  "PageUp",
  "PgUp",
  "PageDown",
  "PgDn",
  ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`),
  "C-c",
  "M-x",
  "S-Tab",
];

/**
 * Encodes key names as the bytes xterm would send. Throws `INVALID_INPUT` for a name it does
 * not know, with a suggestion.
 *
 * @example
 * ```ts
 * import { encodeKeys } from "./keys.ts";
 * console.assert(encodeKeys(["C-c", "Up"], { applicationCursor: false }) === "\x03\x1b[A");
 * console.assert(encodeKeys(["C-Left"], { applicationCursor: true }) === "\x1b[1;5D");
 * ```
 */
export function encodeKeys(keys: readonly string[], modes: KeyModes): string {
  return keys.map((key) => encodeKey(key, modes)).join("");
}

function encodeKey(key: string, modes: KeyModes): string {
  const mods: Mods = { ctrl: false, meta: false, shift: false };
  let rest = key;
  while (rest.length > 2 && rest[1] === "-") {
    const flag = rest[0]!.toUpperCase();
    if (flag === "C") mods.ctrl = true;
    else if (flag === "M" || flag === "A") mods.meta = true;
    else if (flag === "S") mods.shift = true;
    else break;
    rest = rest.slice(2);
  }
  const bytes = encodeBase(rest, mods, modes);
  if (bytes === undefined) throw unknownKey(key, rest);
  return bytes;
}

function encodeBase(name: string, mods: Mods, modes: KeyModes): string | undefined {
  const lower = name.toLowerCase();
  const base = ALIASES[lower] ?? lower;
  const code = 1 + (mods.shift ? 1 : 0) + (mods.meta ? 2 : 0) + (mods.ctrl ? 4 : 0);
  const modified = code > 1;
  if (base in CURSOR) {
    const final = CURSOR[base]!;
    if (modified) return `${CSI}1;${code}${final}`;
    return (modes.applicationCursor ? SS3 : CSI) + final;
  }
  if (base in TILDE) return modified ? `${CSI}${TILDE[base]};${code}~` : `${CSI}${TILDE[base]}~`;
  if (base in PF) return modified ? `${CSI}1;${code}${PF[base]}` : SS3 + PF[base];
  const meta = mods.meta ? ESC : "";
  if (base in PLAIN) return meta + plainKey(base, mods);
  if ([...name].length !== 1) return undefined;
  return meta + charKey(name, mods);
}

function plainKey(base: string, mods: Mods): string {
  if (base === "tab" && mods.shift) return `${CSI}Z`;
  if (base === "space" && mods.ctrl) return "\x00";
  if (base === "backspace" && mods.ctrl) return "\x08";
  return PLAIN[base]!;
}

function charKey(char: string, mods: Mods): string {
  if (!mods.ctrl) return mods.shift ? char.toUpperCase() : char;
  const lower = char.toLowerCase();
  if (lower >= "a" && lower <= "z") return String.fromCharCode(lower.charCodeAt(0) - 96);
  return CONTROL_PUNCT[char] ?? char;
}

function unknownKey(key: string, base: string): WeftError {
  const prefix = key.slice(0, key.length - base.length);
  const hint = didYouMean(key, KNOWN_NAMES.map((k) => prefix + k)) ||
    didYouMean(key, KNOWN_NAMES);
  return new WeftError(
    "INVALID_INPUT",
    hint ? `Cannot encode key "${key}"${hint}` : `Cannot encode key "${key}": no such key`,
  );
}

const PASTE_START = "\x1b[200~";
const PASTE_END = "\x1b[201~";

/**
 * Wraps `text` in bracketed-paste markers when `enabled`, removing any end marker inside it so
 * the paste cannot end itself early.
 *
 * @example
 * ```ts
 * import { bracketPaste } from "./keys.ts";
 * console.assert(bracketPaste("a\x1b[201~b", true) === "\x1b[200~ab\x1b[201~");
 * console.assert(bracketPaste("ls", false) === "ls");
 * ```
 */
export function bracketPaste(text: string, enabled: boolean): string {
  if (!enabled) return text;
  let clean = text;
  while (clean.includes(PASTE_END)) clean = clean.replaceAll(PASTE_END, "");
  return PASTE_START + clean + PASTE_END;
}
