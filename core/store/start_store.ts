/**
 * The store as the server uses it: open the file, bring back what it holds, then keep it in
 * step with the model until the server stops.
 *
 * @module
 */

import { DeferredPty, type Model } from "../model/mod.ts";
import { WeftError } from "../../protocols/bus/errors.ts";
import { Sealer } from "./seal.ts";
import { openStore } from "./open.ts";
import type { RestoreMode } from "./plan.ts";
import { type RestoreReport, restoreSaved } from "./restore.ts";
import { StoreWriter, type WriterOptions } from "./writer.ts";

/** Options of {@link startStore}. */
export interface StartStoreOptions {
  /** `.weft/weft.db` */
  file: string;
  model: Model;
  events: WriterOptions["events"];
  restore: RestoreMode;
  /** The configured shell and the project directory, for panes that come back as shells. */
  shell: readonly string[];
  projectDir: string;
  /** Keep the previous store as a dated file and start empty. */
  fresh?: boolean;
  /** Where notices go (default: stderr). */
  log?: (line: string) => void;
  /**
   * Restore the tree now and start the panes' programs on {@link ProjectStore.startPanes}
   * (the server listens in between).
   */
  deferStart?: boolean;
  /** Tells this user's panes from others' (default: the user's key, `seal.ts`). */
  sealer?: Sealer;
  /** Writer timings (tests, benchmarks). */
  delayMs?: number;
  sweepMs?: number;
}

/** A started store. */
export interface ProjectStore {
  /** What was brought back, when something was. */
  restored: RestoreReport | undefined;
  /** Starts the restored panes' programs when `deferStart`; resolves when all run. */
  startPanes(): Promise<void>;
  /** Writes what changed, now (the bus awaits it before each reply). */
  flush(): Promise<void>;
  /** Writes a last time and closes the file: call before panes are ended at a stop. */
  close(): void;
  /** The restored panes whose programs wait to be allowed (no valid seal). */
  held(): string[];
  /**
   * Starts held panes' programs (all when `panes` is empty) and seals them as this user's;
   * returns the ids started. `NOT_FOUND` for a pane that is not held.
   */
  allow(panes?: readonly string[]): Promise<string[]>;
  /** Write counts and the time spent writing, for figures. */
  stats(): { writes: number; docs: number; screens: number; logged: number; busyMs: number };
}

/**
 * Opens the project's store, restores into `model` (which must be empty) unless `restore` is
 * `"off"`, and starts writing through. Never throws for the file's sake: without a usable
 * file the server runs without a store, and says so.
 *
 * @example
 * ```ts ignore
 * const store = await startStore({ file, model, events: bus.events, restore: "all", shell, projectDir });
 * bus.setBarrier(() => store.flush());
 * ```
 */
export async function startStore(options: StartStoreOptions): Promise<ProjectStore> {
  const log = options.log ?? ((line: string) => console.error(line));
  const opened = await openStore(options.file, { fresh: options.fresh ?? false });
  for (const line of opened.notices) log(line);
  const sealer = options.sealer ?? await Sealer.load();
  const held = new Set<string>();
  let restored: RestoreReport | undefined;
  if (opened.saved && options.restore !== "off") {
    const started = performance.now();
    for (const [id, pane] of opened.saved.panes) if (!sealer.verify(pane)) held.add(id);
    restored = restoreSaved(options.model, opened.saved, {
      mode: options.restore,
      shell: options.shell,
      projectDir: options.projectDir,
      defer: options.deferStart ?? false,
      held,
    });
    log(
      `weft: restored ${restored.sessions} session(s), ${restored.windows} window(s), ` +
        `${restored.panes} pane(s) from ${shown(options.file)} in ${
          Math.round(performance.now() - started)
        } ms`,
    );
    for (const line of restored.lost) log(`weft: could not restore pane ${line}`);
    // Only the panes that came back wait: the others are gone or canvases (no program).
    for (const id of [...held]) if (!restored.held.some((h) => h.pane === id)) held.delete(id);
    tellHeld(restored.held, { file: shown(options.file), problem: sealer.problem, log });
  }
  const heldOf = { held: () => [...held].filter((id) => options.model.panes.has(id)) };
  const allow = (panes: readonly string[] | undefined, rewrite?: (id: string) => void) => {
    const ids = panes?.length ? [...panes] : heldOf.held();
    for (const id of ids) {
      if (!held.has(id) || !options.model.panes.has(id)) {
        throw new WeftError("NOT_FOUND", `Cannot allow pane "${id}": it is not a held pane`);
      }
    }
    for (const id of ids) {
      held.delete(id);
      const pty = options.model.panes.get(id)!.pty;
      if (pty instanceof DeferredPty) pty.start();
      rewrite?.(id);
    }
    return ids;
  };
  if (!opened.db) {
    return {
      restored,
      startPanes: () => restored?.start() ?? Promise.resolve(),
      flush: () => Promise.resolve(),
      close: () => {},
      ...heldOf,
      allow: (panes) => Promise.resolve().then(() => allow(panes)),
      stats: zero,
    };
  }
  let reported = false;
  const writer = new StoreWriter({
    db: opened.db,
    model: options.model,
    events: options.events,
    ...(options.delayMs !== undefined ? { delayMs: options.delayMs } : {}),
    ...(options.sweepMs !== undefined ? { sweepMs: options.sweepMs } : {}),
    seal: (doc) => held.has(doc.id) ? doc : sealer.seal(doc),
    onError: (err) => {
      if (reported) return;
      reported = true;
      log(
        `weft: cannot write the store ${shown(options.file)} (${(err as Error).message}): ` +
          "changes from now on will not be saved",
      );
    },
  });
  writer.start();
  return {
    restored,
    startPanes: () => restored?.start() ?? Promise.resolve(),
    flush: () => writer.flush(),
    close: () => writer.close(),
    ...heldOf,
    allow: async (panes) => {
      const ids = allow(panes, (id) => void writer.rewrite(id));
      await writer.flush();
      return ids;
    },
    stats: () => ({ ...writer.stats }),
  };
}

/** Says which panes wait, what each would run, and how to start them. */
function tellHeld(
  held: RestoreReport["held"],
  how: { file: string; problem: string | undefined; log: (line: string) => void },
): void {
  if (!held.length) return;
  const { log } = how;
  log(
    `weft: ${how.file} holds ${held.length} pane(s) that your weft did not record on this ` +
      "machine (a store made elsewhere, e.g. one that came with the project): they are " +
      "restored without starting their programs" + (how.problem ? ` (${how.problem})` : ""),
  );
  for (const h of held) log(`weft:   ${h.pane}: ${h.note}`);
  log(
    `weft: \`weft allow\` starts them all, \`weft allow ${held[0]!.pane}\` one; ` +
      `\`weft kill ${held[0]!.pane}\` closes one`,
  );
}

function zero() {
  return { writes: 0, docs: 0, screens: 0, logged: 0, busyMs: 0 };
}

function shown(path: string): string {
  const at = path.lastIndexOf("/.weft/");
  return at >= 0 ? path.slice(at + 1) : path;
}
