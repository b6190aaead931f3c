/**
 * A desktop notification through the terminal: OSC 9 (`ESC ] 9 ; text BEL`), which iTerm2,
 * kitty, WezTerm, Ghostty and Windows Terminal show. The text comes from agents (a question
 * they ask), so every control character is dropped from it: it can end the sequence or start
 * another one in the user's terminal otherwise.
 *
 * @module
 */

/** The longest notification text sent (terminals show a line or two). */
export const NOTIFY_MAX_CHARS = 200;

/**
 * The OSC 9 sequence that shows `text`, its control characters dropped and cut to
 * {@link NOTIFY_MAX_CHARS}.
 *
 * @example
 * ```ts
 * import { osc9 } from "./notify.ts";
 * console.assert(osc9("p3 claude: Allow Bash(ls)?") === "\x1b]9;p3 claude: Allow Bash(ls)?\x07");
 * console.assert(osc9("a\x07\x1b]52;c;eA==\x07b") === "\x1b]9;a]52;c;eA==b\x07");
 * ```
 */
export function osc9(text: string): string {
  // deno-lint-ignore no-control-regex
  const clean = text.replace(/[\x00-\x1f\x7f-\x9f]+/g, "").slice(0, NOTIFY_MAX_CHARS);
  return `\x1b]9;${clean}\x07`;
}
