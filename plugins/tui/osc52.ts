/**
 * OSC 52: how a program sets the clipboard of the terminal it runs in. `weft attach` writes it
 * when a program in a pane copied (`tmux load-buffer -w`, Claude Code's copy inside tmux).
 *
 * @module
 */

/**
 * The OSC 52 sequence that puts `text` on the terminal's clipboard.
 *
 * @example
 * ```ts
 * import { osc52 } from "./osc52.ts";
 * osc52("hi"); // "\x1b]52;c;aGk=\x07"
 * ```
 */
export function osc52(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  // In slices: String.fromCharCode with a spread of a large array overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `\x1b]52;c;${btoa(binary)}\x07`;
}
