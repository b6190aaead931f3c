import { implement } from "./_define.ts";
import type { CoreDeps } from "./deps.ts";
import type { Model } from "../model/mod.ts";
import type { PermissionHolds } from "../model/permission_holds.ts";
import { type Need, notifyMuted } from "../../protocols/bus/records.ts";
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
    const now = needsOf(deps.model, deps.holds);
    if (!input.wait || now.length) return { needs: now };
    return new Promise<{ needs: Need[] }>((resolve, reject) => {
      const off = deps.bus.events.subscribe({ topics: ["pane.state"] }, () => {
        const needs = needsOf(deps.model, deps.holds);
        if (!needs.length) return;
        off();
        resolve({ needs });
      });
      signal.addEventListener("abort", () => (off(), reject(signal.reason)), { once: true });
    });
  });
}

/**
 * The panes waiting for a human now, longest first. A held permission request whose dialog
 * was seen and is now gone was answered in the terminal: it is released here.
 */
export function needsOf(model: Model, holds?: PermissionHolds): Need[] {
  const now = Date.now();
  const needs: Need[] = [];
  for (const pane of model.panes.values()) {
    const info = model.paneInfo(pane.id);
    const held = holds?.get(pane.id);
    if (!WAITING.has(info.state) && !held) continue;
    const rows = pane.screen.read({ mode: "visible" }).text.split("\n");
    const dialog = info.state === "blocked" || held ? screenDialog(info.agent, rows) : undefined;
    if (held && dialog) held.shown = true;
    if (held?.shown && !dialog) {
      holds!.release(pane.id);
      continue;
    }
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
      question: held
        ? `${held.tool}: ${held.input}`
        : info.stateMessage ?? dialog?.question ?? null,
      choices: dialog?.choices ?? [],
      // A held request is answered by its id, which a redraw does not change (a phone page that
      // resizes the session makes the agent draw its dialog again, and a tap on the card read
      // before was refused as STALE); a dialog alone by what it shows.
      fingerprint: held?.id ?? (dialog ? dialogFingerprint(dialog) : null),
      held: held ? { id: held.id, tool: held.tool, input: held.input } : null,
      stateSource: info.stateSource,
      since: info.stateSince,
      waitedMs: Math.max(0, now - Date.parse(info.stateSince)),
      muted: notifyMuted(info.meta),
    });
  }
  return needs.sort((a, b) => b.waitedMs - a.waitedMs);
}
