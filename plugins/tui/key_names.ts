/**
 * tmux-style names for the escape sequences terminals send for special keys, and the way back
 * for the keys whose encoding depends on the program's modes.
 *
 * @module
 */

const CSI_FINAL: Record<string, string> = {
  A: "Up",
  B: "Down",
  C: "Right",
  D: "Left",
  H: "Home",
  F: "End",
  P: "F1",
  Q: "F2",
  R: "F3",
  S: "F4",
  Z: "BTab",
};

const TILDE: Record<number, string> = {
  1: "Home",
  2: "IC",
  3: "DC",
  4: "End",
  5: "PPage",
  6: "NPage",
  7: "Home",
  8: "End",
  11: "F1",
  12: "F2",
  13: "F3",
  14: "F4",
  15: "F5",
  17: "F6",
  18: "F7",
  19: "F8",
  20: "F9",
  21: "F10",
  23: "F11",
  24: "F12",
};

/** xterm's modifier parameter (1 + shift·1 + alt·2 + ctrl·4) as a name prefix. */
function modifierPrefix(param: number | undefined): string {
  if (!param || param < 2) return "";
  const bits = param - 1;
  return `${bits & 4 ? "C-" : ""}${bits & 2 ? "M-" : ""}${bits & 1 ? "S-" : ""}`;
}

/**
 * The name of a CSI key sequence from its parameters and final byte; undefined when unknown.
 *
 * @example
 * ```ts
 * import { csiKey } from "./key_names.ts";
 * console.assert(csiKey("1;5", "C") === "C-Right");
 * console.assert(csiKey("5", "~") === "PPage");
 * ```
 */
export function csiKey(params: string, final: string): string | undefined {
  if (!/^[\d;]*$/.test(params)) return undefined;
  const nums = params === "" ? [] : params.split(";").map(Number);
  if (final === "~") {
    const name = TILDE[nums[0] ?? -1];
    return name && modifierPrefix(nums[1]) + name;
  }
  const name = CSI_FINAL[final];
  if (!name) return undefined;
  if (name === "BTab") return name;
  return modifierPrefix(nums[1]) + name;
}

/**
 * The name of an SS3 key (`ESC O x`); undefined when unknown.
 *
 * @example
 * ```ts
 * import { ss3Key } from "./key_names.ts";
 * console.assert(ss3Key("A") === "Up" && ss3Key("P") === "F1");
 * ```
 */
export function ss3Key(final: string): string | undefined {
  const name = CSI_FINAL[final];
  return name === "BTab" ? undefined : name;
}

const CURSOR_KEYS: Record<string, string> = {
  Up: "A",
  Down: "B",
  Right: "C",
  Left: "D",
  Home: "H",
  End: "F",
};

/**
 * The bytes to send to a pane for a key, given whether the pane's program asked for
 * application cursor keys (DECCKM). Unmodified cursor keys are re-encoded for that mode (the
 * outer terminal does not know the pane's modes); everything else keeps the terminal's bytes.
 *
 * @example
 * ```ts
 * import { keyBytes } from "./key_names.ts";
 * console.assert(keyBytes({ key: "Up", raw: "\x1b[A" }, true) === "\x1bOA");
 * console.assert(keyBytes({ key: "x", raw: "x" }, true) === "x");
 * ```
 */
export function keyBytes(event: { key: string; raw: string }, applicationCursor: boolean): string {
  const final = CURSOR_KEYS[event.key];
  if (!final) return event.raw;
  return applicationCursor ? `\x1bO${final}` : `\x1b[${final}`;
}

/**
 * The bytes a terminal sends for a key name (for the prefix key and bindings that send
 * keys): single characters, `C-x`, `M-x`, and the names {@link csiKey} produces.
 *
 * @example
 * ```ts
 * import { namedKeyBytes } from "./key_names.ts";
 * console.assert(namedKeyBytes("C-b") === "\x02");
 * console.assert(namedKeyBytes("M-x") === "\x1bx");
 * ```
 */
export function namedKeyBytes(name: string): string | undefined {
  if (name.startsWith("M-") && name.length > 2) {
    const rest = namedKeyBytes(name.slice(2));
    return rest === undefined ? undefined : "\x1b" + rest;
  }
  const simple = SIMPLE[name];
  if (simple !== undefined) return simple;
  if (/^C-[a-z]$/.test(name)) return String.fromCharCode(name.charCodeAt(2) - 0x60);
  if (/^C-[@\[\\\]^_]$/.test(name)) return String.fromCharCode(name.charCodeAt(2) - 0x40);
  if ([...name].length === 1) return name;
  const cursor = CURSOR_KEYS[name];
  if (cursor) return `\x1b[${cursor}`;
  const tilde = Object.entries(TILDE).find(([, n]) => n === name);
  return tilde ? `\x1b[${tilde[0]}~` : undefined;
}

const SIMPLE: Record<string, string> = {
  Enter: "\r",
  Tab: "\t",
  BTab: "\x1b[Z",
  Escape: "\x1b",
  Space: " ",
  BSpace: "\x7f",
  "C-Space": "\x00",
};
