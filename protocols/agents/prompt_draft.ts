/**
 * What an agent TUI's prompt holds: the text typed into it and not sent yet (a human's draft),
 * read from the visible screen. Before weft types a message into an agent it checks that the
 * prompt is empty, so it never mixes its text into a human's. Each vendor's prompt is its
 * `prompt` profile (`claude.ts`).
 *
 * @module
 */

import { vendorOf } from "./table.ts";

/**
 * The prompt's unsent text (`""` when it is empty), or undefined when the screen shows no
 * prompt that can be read (a dialog, a kind without a profile, a screen mid-redraw).
 *
 * @example
 * ```ts
 * import { promptDraft } from "./prompt_draft.ts";
 * const rule = "─".repeat(40);
 * console.assert(promptDraft("claude", ["● hi", rule, "❯ ", rule, "  ? for shortcuts"]) === "");
 * console.assert(promptDraft("claude", [rule, "❯ fix the", "  tests", rule]) === "fix the\ntests");
 * console.assert(promptDraft("shell", ["$ "]) === undefined);
 * ```
 */
export function promptDraft(kind: string, rows: readonly string[]): string | undefined {
  const profile = vendorOf(kind)?.prompt;
  if (!profile) return undefined;
  const bounds = profile.bounds;
  const edge = "rule" in bounds ? bounds.rule : bounds.under;
  const below = rows.findLastIndex((r) => edge.test(r));
  if (below < 1) return undefined;
  const above = "rule" in bounds
    ? rows.slice(0, below).findLastIndex((r) => edge.test(r))
    : rows.slice(0, below).findLastIndex((r) => profile.marker.test(r)) - 1;
  if (above < -1 || ("rule" in bounds && above < 0) || below - above < 2) return undefined;
  const box = rows.slice(above + 1, below);
  if (!profile.marker.test(box[0]!)) return undefined;
  box[0] = box[0]!.replace(profile.marker, "");
  const draft = box.map((r) => r.trim()).join("\n").trim();
  return profile.placeholder?.test(draft) ? "" : draft;
}

/**
 * The keys that empty a prompt showing `draft` (as {@link promptDraft} read it) with the cursor
 * at its end: what weft typed and could not submit is taken back, so it does not stay as a
 * draft. Only for a prompt that holds weft's own text: they erase whatever is there. Undefined
 * for a kind without a profile.
 *
 * @example
 * ```ts
 * import { promptClearKeys } from "./prompt_draft.ts";
 * const keys = promptClearKeys("claude", "line one\nline two");
 * console.assert(keys?.join(" ") === "C-u Backspace C-u Backspace");
 * console.assert(promptClearKeys("shell", "x") === undefined);
 * ```
 */
export function promptClearKeys(kind: string, draft: string): string[] | undefined {
  const profile = vendorOf(kind)?.prompt;
  if (!profile) return undefined;
  return draft.split("\n").flatMap(() => profile.eraseRow);
}

/**
 * True when a prompt showing `draft` holds `text` that weft typed: the same words (rows wrapped
 * anywhere), or the vendor's collapsed paste, which hides the text.
 *
 * @example
 * ```ts
 * import { promptHolds } from "./prompt_draft.ts";
 * console.assert(promptHolds("claude", "fix the\ntests", "fix the tests"));
 * console.assert(promptHolds("claude", "[Pasted text #1 +3 lines]", "long"));
 * console.assert(!promptHolds("claude", "a human's words", "fix the tests"));
 * ```
 */
export function promptHolds(kind: string, draft: string, text: string): boolean {
  const flat = (s: string) => s.replace(/\s+/g, " ").trim();
  return flat(draft) === flat(text) || vendorOf(kind)?.prompt?.collapsedPaste?.test(draft) === true;
}
