/**
 * OSC 52, the clipboard escape: `ESC ] 52 ; <selections> ; <base64> BEL`. Programs (vim, helix,
 * tools over ssh) send it to set the clipboard of the terminal they run in; `?` in place of the
 * data asks to read it, which weft never answers.
 *
 * @module
 */

/** The most text one OSC 52 may carry here (tmux caps it too). */
export const OSC52_MAX_BYTES = 1024 * 1024;

/**
 * The text an OSC 52 payload (what follows `52;`) sets, or undefined for a read request, an
 * empty or oversized payload, or one that is not base64.
 *
 * @example
 * ```ts
 * import { osc52Text } from "./osc52.ts";
 * console.assert(osc52Text("c;aGk=") === "hi");
 * console.assert(osc52Text("c;?") === undefined);
 * ```
 */
export function osc52Text(payload: string): string | undefined {
  const at = payload.indexOf(";");
  if (at < 0) return undefined;
  const data = payload.slice(at + 1);
  if (!data || data === "?" || data.length > (OSC52_MAX_BYTES / 3) * 4 + 4) return undefined;
  try {
    const binary = atob(data);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The OSC 52 sequence that puts `text` on a terminal's clipboard.
 *
 * @example
 * ```ts
 * import { osc52 } from "./osc52.ts";
 * console.assert(osc52("hi") === "\x1b]52;c;aGk=\x07");
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
