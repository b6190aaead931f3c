import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import type { Model } from "../model/mod.ts";
import type { Need } from "../../protocols/bus/records.ts";
import { dialogFingerprint, screenDialog } from "../../protocols/agents/mod.ts";

/** The states in which an agent waits for a human. */
const WAITING = new Set(["blocked", "error"]);

/**
 * `pane.needs`: every pane whose agent waits for a human (blocked on a permission, a question
 * or auth; an error), with the exact question, the dialog's choices on its screen (read with
 * its vendor's dialog facts), the agent and how long it has waited; longest wait first. With
 * `wait`, until at least one does.
 */
export function paneNeeds(deps: CoreDeps) {
  return implement("pane.needs", ({ input, signal }) => {
    const now = needsOf(deps.model);
    if (!input.wait || now.length) return { needs: now };
    return new Promise<{ needs: Need[] }>((resolve, reject) => {
      const off = deps.bus.events.subscribe({ topics: ["pane.state"] }, () => {
        const needs = needsOf(deps.model);
        if (!needs.length) return;
        off();
        resolve({ needs });
      });
      signal.addEventListener("abort", () => (off(), reject(signal.reason)), { once: true });
    });
  });
}

/** The panes waiting for a human now, longest first. */
export function needsOf(model: Model): Need[] {
  const now = Date.now();
  const needs: Need[] = [];
  for (const pane of model.panes.values()) {
    const info = model.paneInfo(pane.id);
    if (!WAITING.has(info.state)) continue;
    const rows = pane.screen.read({ mode: "visible" }).text.split("\n");
    const dialog = info.state === "blocked" ? screenDialog(info.agent, rows) : undefined;
    // Blocked because the screen showed a dialog, which it no longer shows: answered (the
    // screen's state waits for the next footer it knows).
    if (info.state === "blocked" && info.stateSource === "screen" && !dialog) continue;
    needs.push({
      pane: info.id,
      name: info.name,
      session: info.session,
      window: info.window,
      agent: info.agent,
      state: info.state,
      kind: info.stateKind,
      question: info.stateMessage ?? dialog?.question ?? null,
      choices: dialog?.choices ?? [],
      fingerprint: dialog ? dialogFingerprint(dialog) : null,
      stateSource: info.stateSource,
      since: info.stateSince,
      waitedMs: Math.max(0, now - Date.parse(info.stateSince)),
    });
  }
  return needs.sort((a, b) => b.waitedMs - a.waitedMs);
}
