/**
 * Write-through: the model's changes reach the store file without sitting on the output path.
 * Events mark what changed (a session, a window, a pane); the marked records are written in one
 * transaction at most `delayMs` later, or at once by {@link StoreWriter.flush}, which the bus
 * awaits before it replies to a call that changed something. Every `sweepMs` a sweep catches
 * what changes without an event, and the screens that changed are saved, a slice at a time
 * (`_screens.ts`).
 *
 * @module
 */

import type { EventFilter, WeftEvent } from "../../protocols/bus/events.ts";
import type { Model } from "../model/mod.ts";
import type { DocChange, DocTable, ScreenChange, StoreDb } from "./db.ts";
import { savedPane, savedSession, savedWindow } from "./saved.ts";
import { Checkpointer } from "./_checkpointer.ts";
import { ScreenKeeper } from "./_screens.ts";

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
  /** Longest a change waits to be written (default 50 ms). */
  delayMs?: number;
  /** How often changed screens and event-less changes are written (default 2000 ms). */
  sweepMs?: number;
  /** Told once when a write fails; the writer stops writing and the server goes on. */
  onError?: (err: unknown) => void;
}

type Kind = "sessions" | "windows" | "panes";

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
  #written = new Map<string, string>();
  #screens: ScreenKeeper;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #sweeper: ReturnType<typeof setInterval> | undefined;
  #unsubscribe: (() => void) | undefined;
  #checkpointer: Checkpointer | undefined;
  #failed = false;
  #closed = false;
  /** Transactions written, documents and screens put, and the time spent writing, for figures. */
  readonly stats = { writes: 0, docs: 0, screens: 0, busyMs: 0 };

  constructor(options: WriterOptions) {
    this.#o = options;
    this.#screens = new ScreenKeeper({
      model: options.model,
      write: (screens) => this.#write(screens),
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
    this.#unsubscribe = this.#o.events.subscribe({ topics: TOPICS }, (e) => this.#onEvent(e));
    for (const id of this.#o.model.panes.keys()) this.#screens.watch(id);
    this.#sweep();
    if (this.#o.db.file !== ":memory:") {
      this.#checkpointer = new Checkpointer(this.#o.db.file, this.#o.sweepMs ?? 2000);
    }
    const sweepMs = this.#o.sweepMs ?? 2000;
    this.#sweeper = setInterval(() => {
      this.#sweep();
      this.#screens.pass();
    }, sweepMs);
    Deno.unrefTimer(this.#sweeper);
  }

  /** Writes whatever changed, now; resolves once it is in the file. */
  flush(): Promise<void> {
    if (this.#pending()) this.#write([]);
    return Promise.resolve();
  }

  /** Writes everything a last time (screens too), then stops and closes the file. */
  close(): void {
    if (this.#closed) return;
    this.#sweep();
    this.#write(this.#screens.all());
    this.#closed = true;
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

  #schedule(): void {
    if (this.#timer !== undefined || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#pending()) this.#write([]);
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
    this.#write([], true);
  }

  #write(screens: ScreenChange[], forceMeta = false): void {
    const started = performance.now();
    try {
      this.#writeNow(screens, forceMeta);
    } finally {
      this.stats.busyMs += performance.now() - started;
    }
  }

  #writeNow(screens: ScreenChange[], forceMeta: boolean): void {
    // A pending timer stays armed (it will find nothing to do): clearing and arming one again
    // would add two timer calls to every command.
    const docs = this.#changes(forceMeta);
    const gone = docs.filter((c) => c.table === "panes" && c.data === null);
    screens = [...screens, ...gone.map((c) => ({ pane: c.key, screen: null }))];
    if (this.#failed || this.#closed || (!docs.length && !screens.length)) return;
    try {
      this.#o.db.write(docs, screens);
      this.stats.writes++;
      this.stats.docs += docs.length;
      this.stats.screens += screens.length;
      for (const c of docs) {
        const key = `${c.table}\0${c.key}`;
        if (c.data === null) this.#written.delete(key);
        else this.#written.set(key, c.data);
      }
    } catch (err) {
      this.#failed = true;
      this.#o.onError?.(err);
    }
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
      put("panes", id, p && savedPane(p));
    }
    if (this.#meta) {
      put("meta", "current", model.current().session ?? null);
      put("meta", "counters", model.ids.counters());
    }
    // When it was saved is for people (`weft saved`, the marker): the sweep's time will do.
    if (forceMeta) put("meta", "savedAt", Date.now());
    this.#dirty.sessions.clear();
    this.#dirty.windows.clear();
    this.#dirty.panes.clear();
    this.#meta = false;
    return out;
  }
}
