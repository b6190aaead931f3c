/**
 * Write-through: the model's changes reach the store without sitting on the output path.
 * Events mark what changed (a session, a window, a pane); the marked records that differ from
 * what was last written are appended to the change log (`_journal.ts`, one `write`) at most
 * `delayMs` later, or at once by {@link StoreWriter.flush}, which the bus awaits before it
 * replies to a call that changed something; the log's changes move into the SQLite file in one
 * transaction `delayMs` after the first of them. Every `sweepMs` a sweep catches what changes
 * without an event, and the screens that changed are saved, a slice at a time (`_screens.ts`).
 *
 * @module
 */

import type { EventFilter, WeftEvent } from "../../protocols/bus/events.ts";
import type { Model } from "../model/mod.ts";
import type { DocChange, DocTable, ScreenChange, StoreDb } from "./db.ts";
import { type SavedPane, savedPane, savedSession, savedWindow } from "./saved.ts";
import { Checkpointer } from "./_checkpointer.ts";
import { ScreenKeeper } from "./_screens.ts";
import { Journal } from "./_journal.ts";

/** The topics that change what the store keeps; never `pane.output`. */
const TOPICS = [
  "session.created",
  "session.changed",
  "session.closed",
  "window.created",
  "window.changed",
  "window.closed",
  "layout.changed",
  "focus.changed",
  "pane.created",
  "pane.closed",
  "pane.exited",
  "pane.changed",
  "pane.current",
];

/** Options of {@link StoreWriter}. */
export interface WriterOptions {
  db: StoreDb;
  model: Model;
  /** Where the model's events are published (the bus's event hub). */
  events: { subscribe(filter: EventFilter, listener: (event: WeftEvent) => void): () => void };
  /** Longest a change waits to be logged, and a logged one to reach the file (default 50 ms). */
  delayMs?: number;
  /** How often changed screens and event-less changes are written (default 2000 ms). */
  sweepMs?: number;
  /** Told once when a write fails; the writer stops writing and the server goes on. */
  onError?: (err: unknown) => void;
  /** Seals a pane's stored form (`seal.ts`); default: stored as it is. */
  seal?: (doc: SavedPane) => SavedPane;
}

type Kind = "sessions" | "windows" | "panes";

/** Most log entries between two transactions. */
const MAX_ENTRIES = 50;

/** How often a sweep that found nothing else changed writes the time it was saved. */
export const SAVED_AT_ALONE_MS = 60_000;

/**
 * Keeps the store file in step with the model.
 *
 * @example
 * ```ts ignore
 * const writer = new StoreWriter({ db, model, events: bus.events });
 * writer.start();
 * bus.setBarrier(() => writer.flush());
 * ```
 */
export class StoreWriter {
  #o: WriterOptions;
  #dirty: Record<Kind, Set<string>> = { sessions: new Set(), windows: new Set(), panes: new Set() };
  #meta = false;
  /** When `savedAt` was last written. */
  #savedAt = 0;
  #written = new Map<string, string>();
  /** Logged changes not yet in the file, by table and key (the last one of each wins). */
  #unapplied = new Map<string, DocChange>();
  #log: Journal | undefined;
  /** Log entries since the last transaction. */
  #entries = 0;
  #screens: ScreenKeeper;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #sweeper: ReturnType<typeof setInterval> | undefined;
  #unsubscribe: (() => void) | undefined;
  #checkpointer: Checkpointer | undefined;
  /** When the last event the store keeps came (`performance.now()`). */
  #eventAt = 0;
  #failed = false;
  #closed = false;
  /**
   * Transactions written, documents and screens put, log entries appended, and the time spent
   * writing, for figures.
   */
  readonly stats = { writes: 0, docs: 0, screens: 0, logged: 0, busyMs: 0 };

  constructor(options: WriterOptions) {
    this.#o = options;
    this.#screens = new ScreenKeeper({
      model: options.model,
      write: (screens) => this.#timed(() => this.#apply(screens)),
      busy: (ms) => (this.stats.busyMs += ms),
    });
  }

  /**
   * Subscribes to the model's events and writes the whole model once: rows the file holds
   * that the model does not (a previous run's) are removed; unchanged ones are not written.
   */
  start(): void {
    for (const { table, key, data } of this.#o.db.documents()) {
      this.#written.set(`${table}\0${key}`, data);
    }
    // An in-memory file (tests) has nothing to gain from a log: it commits each batch itself.
    if (this.#o.db.file !== ":memory:") {
      this.#log = Journal.open(`${this.#o.db.file}-log`, this.#o.db.logSeq());
    }
    this.#unsubscribe = this.#o.events.subscribe({ topics: TOPICS }, (e) => this.#onEvent(e));
    for (const id of this.#o.model.panes.keys()) this.#screens.watch(id);
    this.#sweep();
    if (this.#log) {
      this.#checkpointer = new Checkpointer(this.#o.db.file, this.#o.sweepMs ?? 2000, {
        idleMs: () => performance.now() - Math.max(this.#eventAt, this.#screens.changedAt),
      });
    }
    const sweepMs = this.#o.sweepMs ?? 2000;
    this.#sweeper = setInterval(() => {
      this.#sweep();
      this.#screens.pass();
    }, sweepMs);
    Deno.unrefTimer(this.#sweeper);
  }

  /** Writes a pane again (its seal changed), now. */
  rewrite(pane: string): Promise<void> {
    this.#dirty.panes.add(pane);
    return this.flush();
  }

  /** Makes whatever changed durable, now; resolves once the kernel has it. */
  flush(): Promise<void> {
    if (this.#pending()) this.#timed(() => this.#record(false));
    return Promise.resolve();
  }

  /** Writes everything a last time (screens too), then stops and closes the file. */
  close(): void {
    if (this.#closed) return;
    // The last write says when: the server stopped now.
    this.#savedAt = 0;
    this.#sweep();
    this.#timed(() => this.#apply(this.#screens.all()));
    this.#closed = true;
    this.#log?.close();
    this.#unsubscribe?.();
    clearInterval(this.#sweeper);
    clearTimeout(this.#timer);
    this.#screens.stop();
    this.#checkpointer?.stop();
    try {
      if (!this.#failed) this.#o.db.checkpoint();
    } catch { /* the next open recovers from the WAL */ }
    this.#o.db.close();
  }

  #onEvent(event: WeftEvent): void {
    this.#eventAt = performance.now();
    const d = (event.data ?? {}) as Record<string, unknown>;
    const id = (key: string) => (typeof d[key] === "string" ? d[key] as string : undefined);
    switch (event.topic) {
      case "session.created":
      case "window.created":
        this.#mark("sessions", id("session") ?? id("id"));
        this.#mark("windows", event.topic === "window.created" ? id("id") : undefined);
        this.#meta = true;
        break;
      case "session.changed":
      case "session.closed":
        this.#mark("sessions", id("session"));
        this.#meta = true;
        break;
      case "window.changed":
      case "window.closed":
      case "layout.changed":
        this.#mark("windows", id("window"));
        this.#mark("sessions", id("session"));
        break;
      case "focus.changed":
        this.#mark("windows", id("window"));
        this.#mark("sessions", id("session"));
        this.#meta = true;
        break;
      case "pane.created":
        this.#mark("panes", id("id"));
        if (id("id")) this.#screens.watch(id("id")!);
        this.#meta = true;
        break;
      case "pane.closed":
        this.#mark("panes", id("pane"));
        if (id("pane")) this.#screens.unwatch(id("pane")!);
        break;
      default:
        this.#mark("panes", event.pane ?? id("pane"));
    }
    this.#schedule();
  }

  #mark(kind: Kind, id: string | undefined): void {
    if (id) this.#dirty[kind].add(id);
  }

  #pending(): boolean {
    const d = this.#dirty;
    return this.#meta || d.sessions.size + d.windows.size + d.panes.size > 0;
  }

  /** Arms the one timer that logs what is marked and moves what is logged into the file. */
  #schedule(): void {
    if (this.#timer !== undefined || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#timed(() => {
        if (this.#pending()) this.#record(false);
        this.#apply([]);
      });
    }, this.#o.delayMs ?? 50);
  }

  /** Marks everything (rows of records gone are removed) and writes what differs. */
  #sweep(): void {
    const { model } = this.#o;
    const live = {
      sessions: model.sessions,
      windows: model.windows,
      panes: model.panes,
    } as const;
    for (const kind of ["sessions", "windows", "panes"] as const) {
      for (const id of live[kind].keys()) this.#dirty[kind].add(id);
    }
    for (const key of this.#written.keys()) {
      const [table, id] = key.split("\0") as [DocTable, string];
      if (table !== "meta" && !live[table].has(id)) this.#dirty[table].add(id);
    }
    this.#meta = true;
    this.#timed(() => this.#record(true));
  }

  #timed(work: () => void): void {
    const started = performance.now();
    try {
      work();
    } finally {
      this.stats.busyMs += performance.now() - started;
    }
  }

  /**
   * Makes the marked records that differ from what was written durable: appended to the log
   * (the file gets them with the next {@link #apply}), or, without a log, committed at once.
   */
  #record(forceMeta: boolean): void {
    const docs = this.#changes(forceMeta);
    if (this.#failed || this.#closed || !docs.length) return;
    try {
      this.#log?.append(docs);
    } catch (err) {
      return this.#fail(err);
    }
    this.stats.logged++;
    this.#entries++;
    for (const c of docs) {
      const key = `${c.table}\0${c.key}`;
      if (c.data === null) this.#written.delete(key);
      else this.#written.set(key, c.data);
      this.#unapplied.set(key, c);
    }
    // A pending timer stays armed (it will find nothing to do): clearing and arming one again
    // would add two timer calls to every command. Calls that come faster than timers fire
    // (a burst that never yields to them) move into the file every MAX_ENTRIES, as 1,000
    // changes a second would with the timer: the log and the next open's replay stay short.
    if (this.#log && this.#entries < MAX_ENTRIES) this.#schedule();
    else this.#apply([]);
  }

  /** Moves the logged changes (and `screens`) into the file in one transaction; empties the log. */
  #apply(screens: ScreenChange[]): void {
    if (this.#failed || this.#closed) return;
    const docs = [...this.#unapplied.values()];
    const gone = docs.filter((c) => c.table === "panes" && c.data === null);
    screens = [...screens, ...gone.map((c) => ({ pane: c.key, screen: null }))];
    if (!docs.length && !screens.length) return;
    try {
      this.#o.db.write(docs, screens, this.#log?.seq);
      this.#unapplied.clear();
      this.#log?.reset();
      this.#entries = 0;
    } catch (err) {
      // What the log holds stays there: the next open replays it.
      return this.#fail(err);
    }
    this.#checkpointer?.changed();
    this.stats.writes++;
    this.stats.docs += docs.length;
    this.stats.screens += screens.length;
  }

  #fail(err: unknown): void {
    this.#failed = true;
    this.#o.onError?.(err);
  }

  /** The documents that differ from what the file holds; clears the marks. */
  #changes(forceMeta: boolean): DocChange[] {
    const { model } = this.#o;
    const out: DocChange[] = [];
    const put = (table: DocTable, key: string, value: unknown) => {
      const data = value === undefined ? null : JSON.stringify(value);
      const known = this.#written.get(`${table}\0${key}`);
      if (data !== (known ?? null)) out.push({ table, key, data });
    };
    for (const id of this.#dirty.sessions) {
      const s = model.sessions.get(id);
      put("sessions", id, s && savedSession(s));
    }
    for (const id of this.#dirty.windows) {
      const w = model.windows.get(id);
      put("windows", id, w && savedWindow(w));
    }
    for (const id of this.#dirty.panes) {
      const p = model.panes.get(id);
      put("panes", id, p && (this.#o.seal?.(savedPane(p)) ?? savedPane(p)));
    }
    if (this.#meta) {
      put("meta", "current", model.current().session ?? null);
      put("meta", "counters", model.ids.counters());
    }
    // When it was saved is for people (`weft saved`, the marker): the sweep's time will do.
    // Alone it is written once a minute: a sweep of an idle server that wrote it every time
    // made a transaction every 2 s, and kept the checkpoint Worker's isolate (~7 MB) alive.
    const now = Date.now();
    if (forceMeta && (out.length || now - this.#savedAt >= SAVED_AT_ALONE_MS)) {
      put("meta", "savedAt", now);
      this.#savedAt = now;
    }
    this.#dirty.sessions.clear();
    this.#dirty.windows.clear();
    this.#dirty.panes.clear();
    this.#meta = false;
    return out;
  }
}
