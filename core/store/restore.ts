/**
 * Bringing a previous run back into a fresh model: sessions, windows, layouts (exact ratios),
 * names, tags, focus and zoom with the same ids, new ids continuing after the old ones, and
 * each pane started again as its plan says, showing its last screenful under a marker.
 *
 * @module
 */

import type { DeferredPty, Model, WindowRecord } from "../model/mod.ts";
import { panesOf } from "../../protocols/layout/tree/mod.ts";
import { type PanePlan, type PlanContext, planPane } from "./plan.ts";
import { replay } from "./replay.ts";
import { idOrder } from "./db.ts";
import type { SavedState } from "./saved.ts";

/** Options of {@link restoreSaved}. */
export type RestoreOptions = Omit<PlanContext, "latestTaken"> & {
  /**
   * Put the tree back now and start the programs on {@link RestoreReport.start} (the server
   * listens in between); needs the model's `checkSpawn`, else they start at once.
   */
  defer?: boolean;
};

/** What came back. */
export interface RestoreReport {
  sessions: number;
  windows: number;
  panes: number;
  /** Panes that could not be started at all (left out of their layout), one line each. */
  lost: string[];
  /** Panes restored without their program, which waits to be allowed: id and what it runs. */
  held: { pane: string; note: string }[];
  /**
   * Starts the programs a deferred restore left to start, a few per task so calls are
   * answered meanwhile; resolves when all run. Nothing to do without `defer`.
   */
  start: () => Promise<void>;
}

/**
 * Puts `saved` into `model`, which must be empty.
 *
 * @example
 * ```ts ignore
 * const report = restoreSaved(model, saved, { mode: "all", shell: ["bash"], projectDir });
 * ```
 */
export function restoreSaved(
  model: Model,
  saved: SavedState,
  options: RestoreOptions,
): RestoreReport {
  for (const [prefix, n] of Object.entries(saved.counters)) model.ids.reserve(`${prefix}${n}`);
  const plans = planAll(saved, options);
  const deferred: DeferredPty[] = [];
  const report: RestoreReport = {
    sessions: 0,
    windows: 0,
    panes: 0,
    lost: [],
    held: [],
    start: () => startAll(deferred),
  };
  for (const session of saved.sessions) {
    model.ids.reserve(session.id);
    const windows: WindowRecord[] = [];
    for (const id of session.windows) {
      const w = saved.windows.get(id);
      if (!w) continue;
      model.ids.reserve(w.id);
      for (const p of panesOf(w.layout)) model.ids.reserve(p);
      windows.push({ ...w, session: session.id });
    }
    const result = model.restoreSession(
      { ...session, windows: [] },
      windows,
      (pane) => plans.get(pane)?.launches ?? [],
      { defer: options.defer ?? false, ...(options.held ? { hold: options.held } : {}) },
    );
    deferred.push(...result.deferred);
    const when = new Date(saved.savedAt || Date.now()).toISOString().slice(0, 19) + "Z";
    for (const pane of result.panes) {
      // Written before the new process's first output is read: the old screen comes first.
      const marker = `restored ${pane.id}: ${plans.get(pane.id)!.note} · saved ${when}`;
      pane.screen.write(replay(saved.screens.get(pane.id), marker));
      if (plans.get(pane.id)!.held) {
        report.held.push({ pane: pane.id, note: plans.get(pane.id)!.note });
      }
    }
    const started = new Set(result.panes.map((p) => p.id));
    const lost = new Map(result.failed.filter((f) => !started.has(f.pane)).map((f) => [f.pane, f]));
    for (const [id, f] of lost) {
      report.lost.push(`${id}: ${(f.error as Error)?.message ?? f.error}`);
    }
    if (model.sessions.has(session.id)) report.sessions++;
    report.panes += result.panes.length;
  }
  report.windows = model.windows.size;
  // Lists come in creation order, which is id order: the same order as before the restart.
  for (const records of [model.sessions, model.windows, model.panes] as Map<string, unknown>[]) {
    const sorted = [...records].sort(([a], [b]) => idOrder(a, b));
    records.clear();
    for (const [id, record] of sorted) records.set(id, record);
  }
  const current = saved.current ? model.sessions.get(saved.current) : undefined;
  if (current?.currentWindow) model.selectWindow(current.currentWindow);
  return report;
}

/** Every saved pane's plan, in id order (the first agent in a directory gets its latest). */
export function planAll(saved: SavedState, options: RestoreOptions): Map<string, PanePlan> {
  const { defer: _, ...plan } = options;
  const context: PlanContext = { ...plan, latestTaken: new Set() };
  const ids = [...saved.panes.keys()].sort(idOrder);
  return new Map(ids.map((id) => [id, planPane(saved.panes.get(id)!, context)]));
}

/**
 * Starts each program, one per task, {@link START_GAP_MS} apart. A `fork` holds the event loop
 * for ~5 ms (more on a busy machine), and each new child takes CPU while it starts: spaced out,
 * the calls of the clients that came at the start are answered between them (a client's first
 * call after a restore of 50 panes: ~500 ms sooner than with every pane started before the
 * socket listened, and sooner than with the starts back to back).
 */
async function startAll(deferred: DeferredPty[]): Promise<void> {
  for (const pty of deferred.splice(0)) {
    pty.start();
    await new Promise((resolve) => setTimeout(resolve, START_GAP_MS));
  }
}

const START_GAP_MS = 10;
