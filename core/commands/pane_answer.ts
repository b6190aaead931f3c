import { implement } from "./_define.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import type { Pane } from "../model/mod.ts";
import type { CoreDeps } from "./deps.ts";
import {
  AGENTS,
  dialogFingerprint,
  promptDraft,
  promptHolds,
  type ScreenDialog,
  screenDialog,
  screenState,
  vendorOf,
} from "../../protocols/agents/mod.ts";
import { typeInto, writeBytes } from "../model/typing.ts";
import { bracketPaste } from "../../protocols/terminal/keys.ts";
import { waitFor } from "./_wait.ts";
import { settledDialog, visibleRows } from "./_dialog.ts";
import { answerHeld } from "./_answer_hook.ts";

/** How long the dialog may take to clear once its key is typed, and how often it is typed. */
const CLEAR_MS = 1000;
const SLOW_CLEAR_MS = 5000;
const TRIES = 3;

/**
 * `pane.answer`: answers the dialog an agent waits on, by verified key replay. The dialog is
 * read and fingerprinted; its key is typed only if it is the dialog the caller read (its
 * `fingerprint` from `pane.needs`), in the same turn as the read; then the dialog must clear.
 * Otherwise `STALE` (nothing typed) or `NOT_CLEARED`. A denial's `message` is then typed at the
 * agent's prompt (Claude Code asks what to do instead once its "No" is chosen). When the agent's
 * permission hook is held open (`deps.holds`), the answer goes through it instead
 * (`_answer_hook.ts`), the message with the denial.
 */
export function paneAnswer(deps: CoreDeps) {
  return implement("pane.answer", async ({ input, targets: { pane }, signal, caller }) => {
    // An agent that could approve its own permission dialog would have no dialog at all.
    if (caller.pane === pane.id) {
      throw new WeftError(
        "DENIED",
        `Cannot answer pane "${pane.id}": a pane may not answer its own dialog`,
      );
    }
    refuseAgents(deps, caller.pane, pane.id);
    const asked = [input.choice, input.approve, input.deny].filter((a) => a !== undefined);
    if (asked.length !== 1) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot answer pane "${pane.id}": give exactly one of choice, approve, deny`,
      );
    }
    if (input.message !== undefined && !input.deny) {
      throw new WeftError(
        "INVALID_INPUT",
        `Cannot answer pane "${pane.id}": a message goes with deny only`,
      );
    }
    if (pane.exit) {
      throw new WeftError("PANE_EXITED", `Cannot answer pane "${pane.id}": it has exited`);
    }
    const viaHook = await answerHeld(pane, input, deps, signal);
    if (viaHook) return viaHook;
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
    // Typed in the same turn as the read: no output was parsed in between. A number picks
    // the choice in some dialogs and only moves the cursor to it in others (Claude Code's,
    // at times): then Enter confirms it, typed as soon as the same dialog shows the cursor
    // on that choice. A TUI may drop a key that comes the moment its dialog is drawn (Claude
    // Code does): while the very dialog that was read still shows unchanged, the key is
    // typed again, up to three times.
    // A vendor whose dialogs never drop a key (`answerOnce`) gets it once, and longer to act
    // on it: typed again, a key it was slow to take would land in its prompt.
    const once = vendorOf(pane.agent)?.state?.answerOnce === true;
    let done = false;
    let next = key;
    for (let typed = 0; !done && typed < 2 * TRIES; typed++) {
      writeBytes(pane, next);
      const wait = once ? SLOW_CLEAR_MS : CLEAR_MS;
      const now = await dialogAfter(pane, dialog, choice.n, deps, signal, next === ENTER, wait);
      if (now === "gone") done = true;
      else if (now === "selected") next = ENTER;
      else if (now === "other" || once) break;
    }
    if (!done) {
      throw new WeftError(
        "NOT_CLEARED",
        `Cannot confirm the answer to pane "${pane.id}": its dialog still shows after ` +
          `${choice.n} was typed`,
        { question: dialog.question },
      );
    }
    if (input.message) await tell(pane, input.message, deps, signal);
    return {
      pane: pane.id,
      n: choice.n,
      label: choice.label,
      question: dialog.question,
      via: "keys" as const,
    };
  });
}

const ENTER = new Uint8Array([13]);

/**
 * An agent may not answer another agent's dialog either: a call from a pane where a coding
 * agent runs (its Bash tool, its MCP server) is refused, whatever rights it holds; a human
 * answers from a shell pane, the TUI, the page or outside weft. `pane.needs` stays open to
 * agents: an orchestrator sees what blocks its workers and tells a human.
 */
function refuseAgents(deps: CoreDeps, from: string | undefined, pane: string): void {
  if (!from || !deps.model.panes.has(from)) return;
  const agent = deps.model.paneInfo(from).agent;
  if (!AGENTS.has(agent)) return;
  throw new WeftError(
    "DENIED",
    `Cannot answer pane "${pane}": the call comes from pane "${from}", where ${agent} runs, ` +
      "and an agent may not answer an agent's dialog; a human answers (weft approve from a " +
      "shell, the TUI or the web page)",
  );
}

/**
 * What became of `read` `within` ms (default `CLEAR_MS`) once a key was typed: `gone`; `selected` (the same
 * dialog, its cursor now on choice `n`); `same` (unchanged); `other` (another dialog, or this
 * one changed otherwise). `confirming` (Enter was typed): waits for nothing but its leaving.
 */
async function dialogAfter(
  pane: Pane,
  read: ScreenDialog,
  n: number,
  deps: CoreDeps,
  signal: AbortSignal,
  confirming = false,
  within = CLEAR_MS,
): Promise<"gone" | "selected" | "same" | "other"> {
  const before = dialogFingerprint(read);
  const look = () => {
    const now = screenDialog(pane.agent, visibleRows(pane));
    if (!now) return "gone" as const;
    if (dialogFingerprint(now) === before) return "same" as const;
    const sameDialog = now.question === read.question &&
      now.choices.map((c) => c.label).join("\n") === read.choices.map((c) => c.label).join("\n");
    return sameDialog && now.selected === n ? "selected" as const : "other" as const;
  };
  const clear = AbortSignal.any([signal, AbortSignal.timeout(within)]);
  return await waitFor(pane, () => {
    const seen = look();
    // After Enter the cursor already was on the choice: only its leaving counts.
    return seen === "gone" || (!confirming && seen !== "same") ? seen : undefined;
  }, { events: deps.bus.events, signal: clear, what: "the dialog to clear" }).catch(() => {
    signal.throwIfAborted();
    return look();
  });
}

/**
 * Types `message` at the agent's prompt once it shows empty, and submits it once the prompt
 * holds it (a key that comes as the prompt is drawn may be dropped: it is typed again while
 * the prompt is still empty).
 */
async function tell(
  pane: Pane,
  message: string,
  deps: CoreDeps,
  signal: AbortSignal,
): Promise<void> {
  const type = (text: string) => typeInto(pane, text, signal);
  const typed = bracketPaste(message, pane.screen.modes.bracketedPaste);
  // An agent without a known prompt: typed and submitted, as pane.write would.
  if (!vendorOf(pane.agent)?.prompt) return void await type(typed + "\r");
  const draft = () => promptDraft(pane.agent, visibleRows(pane));
  const holds = () => promptHolds(pane.agent, draft() ?? "", message);
  const shown = message.split("\n")[0]!.slice(0, 40);
  const sent = () => draft() === "" && visibleRows(pane).some((r) => r.includes(shown));
  // Empty, and the turn the denial interrupts is over: an agent may show its empty prompt under
  // its working footer for a moment after its dialog closed, queue what is sent then, and put
  // it back into the prompt once the interrupt ends.
  const ready = () =>
    draft() === "" && screenState(pane.agent, visibleRows(pane))?.state !== "working";
  const until = (check: () => boolean, ms: number) =>
    waitFor(pane, () => check() ? true : undefined, {
      events: deps.bus.events,
      signal: AbortSignal.any([signal, AbortSignal.timeout(ms)]),
      what: "the agent's prompt",
    }).then(() => true, () => (signal.throwIfAborted(), false));
  await until(ready, CLEAR_MS * 3);
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    if (draft() === "") await type(typed);
    if (await until(holds, CLEAR_MS)) {
      await type("\r");
      // Submitted: the prompt is empty again and the message shows above it.
      if (await until(sent, CLEAR_MS * 2)) return;
      continue; // a dropped Enter is pressed again, a dropped text typed again
    }
    if (draft()) break; // something else is in the prompt: typing more would mix with it
  }
  throw new WeftError(
    "NOT_CLEARED",
    `Cannot tell pane "${pane.id}" the message: its prompt did not take it`,
  );
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
