/**
 * `pane.answer` through a held permission hook: the agent's `PermissionRequest` hook waits on
 * the HTTP door (`core/server/_permission_hold.ts`), so the answer goes back as the hook's
 * decision (allow, or deny with a message) instead of keys. Claude Code shows its own dialog
 * meanwhile; once the decision is taken that dialog must go, as a typed answer's must.
 *
 * @module
 */

import { WeftError } from "../../protocols/bus/errors.ts";
import { dialogFingerprint, type ScreenDialog, screenDialog } from "../../protocols/agents/mod.ts";
import type { PermissionDecision } from "../../protocols/hooks/mod.ts";
import type { Pane } from "../model/mod.ts";
import type { CoreDeps } from "./deps.ts";
import { settledDialog, visibleRows } from "./_dialog.ts";
import { waitFor } from "./_wait.ts";

/** What `pane.answer` was asked. */
export interface AnswerAsked {
  choice?: number | undefined;
  approve?: boolean | undefined;
  deny?: boolean | undefined;
  message?: string | undefined;
  fingerprint?: string | undefined;
}

/** The answer given. */
export interface AnsweredHeld {
  pane: string;
  n: number;
  label: string;
  question: string;
  via: "hook";
}

/** How long the agent's dialog may take to go once the hook has its decision. */
const GONE_MS = 3000;

/** Told to the agent when a denial comes without a message (Claude Code wants one). */
const DENIED = "The user denied this from weft.";

/**
 * Answers the permission request held for `pane` through its hook. Undefined when none is
 * held, or the choice is one a hook cannot give (e.g. "Yes, and don't ask again"): the
 * caller types it instead.
 */
export async function answerHeld(
  pane: Pane,
  input: AnswerAsked,
  deps: CoreDeps,
  signal: AbortSignal,
): Promise<AnsweredHeld | undefined> {
  const held = deps.holds.get(pane.id);
  if (!held) return undefined;
  const dialog = await settledDialog(pane);
  const read = dialog ? dialogFingerprint(dialog) : undefined;
  if (
    input.fingerprint !== undefined && input.fingerprint !== held.id && input.fingerprint !== read
  ) {
    throw new WeftError(
      "STALE",
      `Cannot answer pane "${pane.id}": its request changed since it was read; nothing was sent`,
      { shown: `${held.tool}: ${held.input}` },
    );
  }
  const picked = pick(pane.id, dialog, input);
  if (!picked) return undefined;
  const decision: PermissionDecision = picked.allow
    ? { behavior: "allow" }
    : { behavior: "deny", message: input.message ?? DENIED };
  if (!deps.holds.decide(pane.id, decision, held.id)) {
    throw new WeftError(
      "STALE",
      `Cannot answer pane "${pane.id}": its request was answered or withdrawn meanwhile`,
    );
  }
  const question = `${held.tool}: ${held.input}`;
  if (dialog) await dialogGone(pane, dialog, deps, signal, question);
  return { pane: pane.id, n: picked.n, label: picked.label, question, via: "hook" };
}

/** The choice asked for as allow or deny; undefined when a hook cannot give it. */
function pick(
  pane: string,
  dialog: ScreenDialog | undefined,
  input: AnswerAsked,
): { n: number; label: string; allow: boolean } | undefined {
  const choices = dialog?.choices ?? [];
  const no = choices.findLast((c) => /^No\b/i.test(c.label));
  if (input.approve || (input.choice === 1)) {
    return { n: 1, label: choices[0]?.label ?? "Yes", allow: true };
  }
  if (input.deny) return { n: no?.n ?? choices.length, label: no?.label ?? "No", allow: false };
  if (no && input.choice === no.n) return { n: no.n, label: no.label, allow: false };
  if (dialog && choices.some((c) => c.n === input.choice)) return undefined;
  throw new WeftError(
    "INVALID_INPUT",
    `Cannot answer pane "${pane}": its request takes approve, deny or choice 1` +
      (dialog ? ` (its dialog offers ${choices.map((c) => `${c.n}. ${c.label}`).join("; ")})` : ""),
  );
}

/** Waits until the dialog that was read leaves the screen; else NOT_CLEARED. */
async function dialogGone(
  pane: Pane,
  read: ScreenDialog,
  deps: CoreDeps,
  signal: AbortSignal,
  question: string,
): Promise<void> {
  const before = dialogFingerprint(read);
  const gone = () => {
    const now = screenDialog(pane.agent, visibleRows(pane));
    return !now || dialogFingerprint(now) !== before ? true : undefined;
  };
  await waitFor(pane, gone, {
    events: deps.bus.events,
    signal: AbortSignal.any([signal, AbortSignal.timeout(GONE_MS)]),
    what: "the dialog to go",
  }).catch(() => {
    signal.throwIfAborted();
    throw new WeftError(
      "NOT_CLEARED",
      `Cannot confirm the answer to pane "${pane.id}": the hook took it, but its dialog still ` +
        "shows",
      { question },
    );
  });
}
