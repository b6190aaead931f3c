/**
 * A pane's sideband key: 128 random bits as 32 hex digits, made by the core when the pane is
 * created and given to it as `WEFT_SIDEBAND_KEY` (see `protocols/sideband/key.ts`).
 *
 * @module
 */

/**
 * A new random key.
 *
 * @example
 * ```ts
 * import { newPaneKey } from "./pane_key.ts";
 * console.assert(/^[0-9a-f]{32}$/.test(newPaneKey()) && newPaneKey() !== newPaneKey());
 * ```
 */
export function newPaneKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
