/**
 * Screen heuristics: what state an agent TUI is in, judged from the rows it shows, for agents
 * that neither report their status (OSC 7501) nor run weft's hooks. The last rows of the screen
 * carry it: a permission dialog, a footer that says how to interrupt the work, or the idle
 * prompt's footer. Each vendor's rules are its `state` profile (`claude.ts`, `codex.ts`, …).
 *
 * @module
 */

import { vendorOf } from "./table.ts";
import type { StateProfile } from "./vendor.ts";

/** What the screen says. */
export interface ScreenState {
  state: "working" | "blocked" | "idle";
  /** For blocked: `permission` or `question`. */
  kind?: "permission" | "question";
  /** For blocked: what the dialog asks about (its title and what it shows), when found. */
  message?: string;
}

/** Rows from the bottom that may hold a dialog; footers are in the last few. */
const DIALOG_ROWS = 24;
const FOOTER_ROWS = 4;

/**
 * The state `rows` (the visible screen, top to bottom) show for an agent of `kind`, or
 * undefined when the kind has no profile or the screen says nothing certain.
 *
 * @example
 * ```ts
 * import { screenState } from "./screen_state.ts";
 * const rows = ["❯ go", "✢ Thinking…", "──", "❯ ", "──", "  esc to interrupt"];
 * console.assert(screenState("claude", rows)?.state === "working");
 * console.assert(screenState("shell", rows) === undefined);
 * ```
 */
export function screenState(kind: string, rows: readonly string[]): ScreenState | undefined {
  const profile = vendorOf(kind)?.state;
  if (!profile) return undefined;
  let end = rows.length;
  while (end > 0 && rows[end - 1]!.trim() === "") end--;
  const bottom = rows.slice(Math.max(0, end - DIALOG_ROWS), end);
  const blocked = dialogOf(bottom, profile);
  if (blocked) return blocked;
  const footer = bottom.slice(-FOOTER_ROWS).join("\n");
  if (profile.working.test(footer)) return { state: "working" };
  if (profile.idle.test(footer)) return { state: "idle" };
  return undefined;
}

function dialogOf(rows: string[], profile: StateProfile): ScreenState | undefined {
  const at = rows.findLastIndex((r) => profile.dialog.test(r));
  if (at < 0 || !rows.slice(at + 1).some((r) => profile.choice.test(r))) return undefined;
  if (profile.dialogEnd && !rows.slice(at + 1).some((r) => profile.dialogEnd!.test(r))) {
    return undefined;
  }
  const isQuestion = profile.question && rows.slice(at).some((r) => profile.question!.test(r));
  // What the dialog shows above its question, up to the rule that opens it.
  let top = at;
  while (top > 0 && !/^[─━]{8,}/.test(rows[top - 1]!.trim())) top--;
  const shown = rows.slice(top, at)
    .map((r) => r.trim())
    .filter((r) => r && !/^[╌─━-]+$/.test(r));
  const message = [...shown, rows[at]!.trim()].join(" · ").slice(0, 500);
  return { state: "blocked", kind: isQuestion ? "question" : "permission", message };
}
