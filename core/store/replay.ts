/**
 * What a restored pane shows before its new output: a one-line marker, then the last screenful
 * of its previous run, dimmed. Only text and colours are replayed: every other control or
 * escape sequence in the stored screen is dropped, so a stored screen cannot move the cursor,
 * set a title or change modes.
 *
 * @module
 */

import type { SavedScreen } from "./saved.ts";

const SEQUENCE =
  // deno-lint-ignore no-control-regex
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[^[\]]?|[\x00-\x08\x0b-\x1f\x7f]/g;
// deno-lint-ignore no-control-regex
const SGR = /^\x1b\[([0-9;:]*)m$/;

/**
 * The bytes to write into a restored pane's new screen: the marker (reverse video) and the
 * old screen, dimmed, trailing blank lines left out.
 *
 * @example
 * ```ts
 * import { replay } from "./replay.ts";
 * const bytes = replay({ cols: 80, rows: 2, ansi: "\x1b[0;1mhi\x1b[0m\n", savedAt: 0 }, "restored");
 * console.assert(bytes.includes("\x1b[0;1;2mhi"));
 * ```
 */
export function replay(screen: SavedScreen | undefined, marker: string): string {
  const head = `\x1b[0;7m ${clean(marker)} \x1b[0m\r\n`;
  if (!screen) return head;
  // The marker of an earlier restore is on the saved screen too: one marker is enough.
  const lines = screen.ansi.split("\n").filter((l) => !isMarker(l)).map(dim);
  while (lines.length && lines.at(-1)!.replace(SEQUENCE, "").trim() === "") lines.pop();
  if (!lines.length) return head;
  return `${head}\x1b[0;2m${lines.join("\x1b[0;2m\r\n")}\x1b[0m\r\n`;
}

/** One stored line with every SGR kept and dimmed, everything else that is not text dropped. */
function dim(line: string): string {
  return line.replace(SEQUENCE, (seq) => {
    const m = SGR.exec(seq);
    if (!m) return "";
    const params = m[1] ? `${m[1]};` : "0;";
    return `\x1b[${params}2m`;
  });
}

/** A restore marker's text: `restored p3: <what was done> · saved <time>`. */
const MARKER = /^ restored [^\s:]+: .* · saved \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\s*$/;

/** True when a stored line (with its sequences) is a restore marker. */
function isMarker(line: string): boolean {
  return MARKER.test(line.replace(SEQUENCE, ""));
}

function clean(text: string): string {
  return text.replace(SEQUENCE, "").replace(/\s+/g, " ");
}
