/**
 * A program's OSC 52 copy, published as `pane.clipboard` for attached terminals (and, with
 * `clipboard: "on"`, weft's paste buffers).
 *
 * @module
 */

import type { Pane } from "./pane.ts";
import type { ModelOptions } from "./model_options.ts";

/** Publishes what `pane`'s program copied, as the project's `clipboard` setting allows. */
export function clipboardCopied(options: ModelOptions, pane: Pane, text: string): void {
  const mode = options.clipboard ?? "on";
  if (mode === "off" || pane.tags.includes("untrusted")) return;
  options.publish("pane.clipboard", { pane: pane.id, text, buffer: mode === "on" }, pane.id);
}
