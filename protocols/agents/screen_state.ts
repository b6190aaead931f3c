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
  const footer = bottom.slice(-(profile.footerRows ?? FOOTER_ROWS)).join("\n");
  if (profile.working.test(footer)) return { state: "working" };
  if (profile.idle.test(footer)) return { state: "idle" };
  return undefined;
}

/** What the dialog rules read: the rows with their box sides taken off, for a framed profile. */
function dialogRows(rows: string[], profile: StateProfile): string[] {
  return profile.framed ? rows.map(unframe) : rows;
}

/** A row without the sides of the boxes it is in: `│ │ ls │ │` → `ls`. */
function unframe(row: string): string {
  let r = row.trimEnd();
  for (let m = FRAMED.exec(r); m; m = FRAMED.exec(r)) r = m[1]!;
  return r;
}

const FRAMED = /^\s*│ ?(.*?)\s*│$/;
/** The row a dialog starts below: a rule, or the top of a box that is in no other box. */
const OPENING = /^(?:[─━]{8,}|╭[─━]{8,})/;

function dialogOf(raw: string[], profile: StateProfile): ScreenState | undefined {
  const rows = dialogRows(raw, profile);
  const at = rows.findLastIndex((r) => profile.dialog.test(r));
  if (at < 0 || !rows.slice(at + 1).some((r) => profile.choice.test(r))) return undefined;
  if (profile.dialogEnd && !rows.slice(at + 1).some((r) => profile.dialogEnd!.test(r))) {
    return undefined;
  }
  const isQuestion = profile.question && rows.slice(at).some((r) => profile.question!.test(r));
  const detail = detailOf(rows, raw, at, profile);
  const question = rows[at]!.trim();
  const message = (profile.detailBelow ? [question, ...detail] : [...detail, question])
    .join(" · ").slice(0, 500);
  return { state: "blocked", kind: isQuestion ? "question" : "permission", message };
}

/**
 * What the dialog whose question is row `at` shows about itself: the rows above it up to the
 * rule that opens it, or (`detailBelow`) the rows between it and its first choice.
 */
function detailOf(rows: string[], raw: string[], at: number, profile: StateProfile): string[] {
  let top = at;
  let end = at;
  if (profile.detailBelow) {
    top = at + 1;
    end = rows.findIndex((r, i) => i > at && profile.choice.test(r));
  } else {
    // Up to the rule (or the top of the box) that opens the dialog.
    while (top > 0 && !OPENING.test(raw[top - 1]!.trim())) top--;
  }
  return rows.slice(top, end).map((r) => r.trim()).filter((r) => r && !/^[╌─━╭╮╰╯-]+$/.test(r));
}

/** A dialog on an agent's screen: its question and its numbered choices. */
export interface ScreenDialog {
  /** What the dialog asks (its title and what it shows), as `screenState` reports it. */
  question: string;
  /** The numbered choices, in order (`1` is the first). */
  choices: { n: number; label: string }[];
  /** The choice the dialog's cursor (`❯`) is on, if shown. */
  selected: number | null;
  /** The dialog's rows exactly as shown, from its question to its last choice. */
  region: string;
}

const NUMBERED = /^\s*([❯>›●]\s*)?(\d{1,2})\.\s+(.+?)\s*$/;

/**
 * The dialog `rows` show for an agent of `kind` (its vendor's dialog facts), or undefined when
 * none is shown. `region` is what a key replay fingerprints: the same dialog, the same text.
 *
 * @example
 * ```ts
 * import { screenDialog } from "./screen_state.ts";
 * const rows = ["─".repeat(20), " Bash command", "   rm -rf build", " Do you want to proceed?",
 *   " ❯ 1. Yes", "   2. No, and tell Claude what to do differently (esc)", " Esc to cancel"];
 * console.assert(screenDialog("claude", rows)?.choices[1]?.label.startsWith("No"));
 * ```
 */
export function screenDialog(kind: string, rows: readonly string[]): ScreenDialog | undefined {
  const profile = vendorOf(kind)?.state;
  if (!profile) return undefined;
  let end = rows.length;
  while (end > 0 && rows[end - 1]!.trim() === "") end--;
  const raw = rows.slice(Math.max(0, end - DIALOG_ROWS), end);
  const found = dialogOf(raw, profile);
  if (!found) return undefined;
  const bottom = dialogRows(raw, profile);
  const at = bottom.findLastIndex((r) => profile.dialog.test(r));
  const choices: { n: number; label: string }[] = [];
  let selected: number | null = null;
  let last = at;
  for (let i = at + 1; i < bottom.length; i++) {
    const row = bottom[i]!;
    if (profile.dialogEnd?.test(row)) break;
    const m = NUMBERED.exec(row);
    // A choice too long for the width goes on in the rows below it, indented.
    const more = !m && choices.length > 0 && i === last + 1 && /^\s{3,}\S/.test(row);
    if (more) {
      choices[choices.length - 1]!.label += ` ${row.trim()}`;
      last = i;
    }
    if (!m) continue;
    if (Number(m[2]) !== choices.length + 1) break;
    choices.push({ n: Number(m[2]), label: m[3]! });
    if (m[1]) selected = Number(m[2]);
    last = i;
  }
  const question = found.message ?? bottom[at]!.trim();
  const region = [question, ...bottom.slice(at, last + 1)].join("\n");
  return { question, choices, selected, region };
}

/**
 * A short fingerprint of a dialog (its question, choices and selection, as shown): a dialog
 * read twice has the same one only if nothing in it changed.
 *
 * @example
 * ```ts
 * import { dialogFingerprint } from "./screen_state.ts";
 * const a = { question: "Do it?", choices: [], selected: 1, region: "❯ 1. Yes\n  2. No" };
 * console.assert(dialogFingerprint(a) !== dialogFingerprint({ ...a, region: "  1. Yes\n❯ 2. No" }));
 * ```
 */
export function dialogFingerprint(dialog: ScreenDialog): string {
  // FNV-1a, twice with different offsets: 64 bits, enough to tell two readings apart.
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < dialog.region.length; i++) {
    const c = dialog.region.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 13);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}
