/**
 * Searching a pane's text for a user regex without holding the event loop: the text is
 * scanned in slices of whole lines, yielding between them. RE2 keeps each slice linear; the
 * slices keep a long history (megabytes) from blocking other clients for seconds.
 *
 * @module
 */

import type { UserRegex, UserRegexMatch } from "../../protocols/bus/user_regex.ts";

/** Characters one scan covers before yielding (a worst-case RE2 program: ~30 ms). */
const SLICE_CHARS = 32 * 1024;
/** Slices overlap by this much, so a match across a seam is still found when shorter. */
const OVERLAP_CHARS = 4 * 1024;

/**
 * The leftmost match in `text` that fits in one slice (any match up to 4 KiB, or one that
 * does not cross a 32 KiB seam), or null; null too once `stop` aborts.
 */
export async function searchText(
  pattern: UserRegex,
  text: string,
  stop?: AbortSignal,
): Promise<UserRegexMatch | null> {
  if (text.length <= SLICE_CHARS) return pattern.exec(text);
  let start = 0;
  while (!stop?.aborted) {
    let end = Math.min(text.length, start + SLICE_CHARS);
    if (end < text.length) {
      const newline = text.lastIndexOf("\n", end - 1);
      if (newline > start) end = newline; // `$` then sees a real line end, not a cut
    }
    const m = pattern.exec(text.slice(start, end));
    if (m) return { index: start + m.index, text: m.text };
    if (end >= text.length) return null;
    let next = text.lastIndexOf("\n", end - OVERLAP_CHARS) + 1;
    if (next <= start) next = text[end] === "\n" ? end + 1 : end - OVERLAP_CHARS;
    start = next;
    // A macrotask, not a microtask: socket reads and timers run in between.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return null;
}
