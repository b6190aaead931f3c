import { z } from "zod";
import { defineCommand } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { Pane } from "../model/mod.ts";
import type { CoreDeps } from "./deps.ts";
import { dialogFingerprint, type ScreenDialog, screenDialog } from "../../protocols/agents/mod.ts";
import { AnsweredOut } from "../../protocols/bus/record_schemas.ts";
import { writeBytes } from "../model/typing.ts";
import { waitFor } from "./_wait.ts";

/** How long the dialog may take to clear once its key is typed, and how often it is typed. */
const CLEAR_MS = 1000;
const TRIES = 3;

/**
 * `pane.answer`: answers the dialog an agent waits on, by verified key replay. The dialog is
 * read and fingerprinted; its key is typed only if it is the dialog the caller read (its
 * `fingerprint` from `pane.needs`), in the same turn as the read; then the dialog must clear.
 * Otherwise `STALE` (nothing typed) or `NOT_CLEARED`.
 */
export function paneAnswer(deps: CoreDeps) {
  return defineCommand({
    name: "pane.answer",
    title: "Answer a waiting agent",
    description: "Answer the dialog an agent waits on (see pane.needs): choice N, or approve " +
      "(the first choice) or deny (its 'No' choice). The dialog is read and typed into only if " +
      "it is unchanged (give the fingerprint pane.needs returned: else STALE, nothing typed); " +
      "the answer is confirmed when the dialog clears (else NOT_CLEARED).",
    capabilities: ["pane:answer"],
    mcp: { name: "answer_pane" },
    targets: [{ kind: "pane", field: "pane", fallback: "required" }],
    timeout: { ms: 10_000 },
    output: AnsweredOut,
    input: z.object({
      pane: z.string().describe("Pane id or name."),
      choice: z.number().int().min(1).max(9).optional().describe("The dialog's choice N."),
      approve: z.boolean().optional().describe("Choose the first choice (Yes)."),
      deny: z.boolean().optional().describe("Choose the dialog's 'No' choice."),
      fingerprint: z.string().max(64).optional().describe(
        "The dialog's fingerprint as pane.needs returned it: answer only that dialog.",
      ),
    }),
    handler: async ({ input, targets: { pane }, signal }) => {
      const asked = [input.choice, input.approve, input.deny].filter((a) => a !== undefined);
      if (asked.length !== 1) {
        throw new WeftError(
          "INVALID_INPUT",
          `Cannot answer pane "${pane.id}": give exactly one of choice, approve, deny`,
        );
      }
      if (pane.exit) {
        throw new WeftError("PANE_EXITED", `Cannot answer pane "${pane.id}": it has exited`);
      }
      const dialog = await settledDialog(pane);
      const fingerprint = dialog ? dialogFingerprint(dialog) : "";
      if (!dialog || (input.fingerprint !== undefined && input.fingerprint !== fingerprint)) {
        throw new WeftError(
          "STALE",
          `Cannot answer pane "${pane.id}": ${
            dialog ? "its dialog changed since it was read" : "it shows no dialog"
          }; nothing was typed`,
          { shown: dialog?.question ?? null },
        );
      }
      const choice = chosen(pane.id, dialog, input);
      const key = new TextEncoder().encode(String(choice.n));
      // Typed in the same turn as the read: no output was parsed in between. A TUI may drop a
      // key that comes the moment its dialog is drawn (Claude Code does): while the very dialog
      // that was read still shows, unchanged, the key is typed again, up to three times.
      for (let attempt = 1;; attempt++) {
        writeBytes(pane, key);
        const cleared = await dialogGone(pane, fingerprint, deps, signal);
        if (cleared) break;
        const again = await settledDialog(pane);
        if (attempt < TRIES && again && dialogFingerprint(again) === fingerprint) continue;
        throw new WeftError(
          "NOT_CLEARED",
          `Cannot confirm the answer to pane "${pane.id}": its dialog still shows after ` +
            `${choice.n} was typed`,
          { question: dialog.question },
        );
      }
      return { pane: pane.id, n: choice.n, label: choice.label, question: dialog.question };
    },
  });
}

/** Whether the dialog `fingerprint` leaves the screen within `CLEAR_MS`. */
function dialogGone(
  pane: Pane,
  fingerprint: string,
  deps: CoreDeps,
  signal: AbortSignal,
): Promise<boolean> {
  const clear = AbortSignal.any([signal, AbortSignal.timeout(CLEAR_MS)]);
  return waitFor(pane, () => {
    const now = screenDialog(pane.agent, visibleRows(pane));
    return !now || dialogFingerprint(now) !== fingerprint ? true : undefined;
  }, { events: deps.bus.events, signal: clear, what: "the dialog to clear" }).catch(() => {
    signal.throwIfAborted();
    return false;
  });
}

function visibleRows(pane: Pane): string[] {
  return pane.screen.read({ mode: "visible" }).text.split("\n");
}

/** The dialog on screen once every byte the program wrote is parsed; undefined if none. */
async function settledDialog(pane: Pane): Promise<ScreenDialog | undefined> {
  for (let i = 0; i < 5 && pane.screen.pendingBytes > 0; i++) await pane.screen.flush();
  if (pane.screen.pendingBytes > 0) return undefined;
  return screenDialog(pane.agent, visibleRows(pane));
}

function chosen(
  pane: string,
  dialog: ScreenDialog,
  input: { choice?: number | undefined; approve?: boolean | undefined },
): { n: number; label: string } {
  const n = input.choice ?? (input.approve ? 1 : undefined);
  const choice = n === undefined
    ? dialog.choices.findLast((c) => /^No\b/i.test(c.label))
    : dialog.choices.find((c) => c.n === n);
  if (!choice) {
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot answer pane "${pane}": its dialog has no ${
        n === undefined ? "'No' choice" : `choice ${n}`
      } (it offers ${dialog.choices.map((c) => `${c.n}. ${c.label}`).join("; ")})`,
    );
  }
  return choice;
}
