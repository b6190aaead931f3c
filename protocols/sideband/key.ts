/**
 * The key of the OSC form. Bytes a program merely shows (a `cat` of a downloaded file, a log, a
 * web page) can hold an OSC command as well as a program can write one, so an OSC command runs
 * only when it carries its pane's key: a random value the core puts in each pane's environment
 * ({@link SIDEBAND_KEY_ENV}), which only the pane's own process tree knows and which the screen
 * never shows (a terminal draws nothing of an OSC sequence).
 *
 * ```
 * printf '\e]9338;status;key=%s;state=done\a' "$WEFT_SIDEBAND_KEY"
 * ```
 *
 * @module
 */

import { OSC_OPEN } from "./osc.ts";

/** The environment variable holding a pane's key. */
export const SIDEBAND_KEY_ENV = "WEFT_SIDEBAND_KEY";

/** The OSC field that carries the key (taken out before the command is resolved). */
export const OSC_KEY_ATTR = "key";

/**
 * Compares a key with the expected one in time that depends only on the expected key's length,
 * never on where the two first differ.
 *
 * @example
 * ```ts
 * import { keysEqual } from "./key.ts";
 * console.assert(keysEqual("5f1c", "5f1c") && !keysEqual("5f1c", "5f1d") && !keysEqual("5f1c", "5f"));
 * ```
 */
export function keysEqual(expected: string, given: string): boolean {
  let diff = expected.length ^ given.length;
  for (let i = 0; i < expected.length; i++) {
    // Past the end of `given`, charCodeAt is NaN, which `| 0` turns into 0: no early exit.
    diff |= expected.charCodeAt(i) ^ (given.charCodeAt(i) | 0);
  }
  return diff === 0;
}

const OSC_RUN = new RegExp(`${OSC_OPEN.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")}[^\\x07\\x1b]*`, "g");
const KEY_FIELD = new RegExp(`;${OSC_KEY_ATTR}=[^;]*`, "g");

/**
 * Hides the value of every key field inside weft OSC commands in `text` (for logs and events,
 * which other callers read).
 *
 * @example
 * ```ts
 * import { redactKeys } from "./key.ts";
 * const raw = "\x1b]9338;status;key=5f1c9e;state=done\x07";
 * console.assert(redactKeys(raw) === "\x1b]9338;status;key=…;state=done\x07");
 * ```
 */
export function redactKeys(text: string): string {
  if (!text.includes(OSC_OPEN)) return text;
  return text.replace(OSC_RUN, (run) => run.replace(KEY_FIELD, `;${OSC_KEY_ATTR}=…`));
}
