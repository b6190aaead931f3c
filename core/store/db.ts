/**
 * The store file: SQLite through Deno's built-in `node:sqlite`, in WAL mode. Rows are JSON
 * documents keyed by id; a batch of changes is one transaction.
 *
 * @module
 */

import { DatabaseSync, type StatementSync } from "node:sqlite";
import { migrate, NewerSchemaError, SCHEMA_VERSION, schemaVersion } from "./schema.ts";
import type { SavedScreen, SavedState } from "./saved.ts";
import { mergedDocs, readJournal } from "./_journal.ts";

/** The tables that hold JSON documents by key. */
export type DocTable = "meta" | "sessions" | "windows" | "panes";

/** One change: a document put (JSON text) or removed (null). */
export interface DocChange {
  table: DocTable;
  key: string;
  data: string | null;
}

/** One screen put or removed (null). */
export interface ScreenChange {
  pane: string;
  screen: SavedScreen | null;
}

/** Options of {@link StoreDb.open}. */
export interface OpenOptions {
  /** Open for reading only (`weft saved`): nothing is created or migrated. */
  readOnly?: boolean;
}

/**
 * An open store file.
 *
 * @example
 * ```ts
 * import { StoreDb } from "./db.ts";
 * const db = StoreDb.open(":memory:");
 * db.write([{ table: "meta", key: "current", data: '"s1"' }], []);
 * console.assert(db.load().current === "s1");
 * db.close();
 * ```
 */
export class StoreDb {
  readonly file: string;
  #db: DatabaseSync;
  #put = new Map<DocTable, StatementSync>();
  #del = new Map<DocTable, StatementSync>();
  #putScreen: StatementSync | undefined;
  #delScreen: StatementSync | undefined;
  #tx: Record<"begin" | "commit" | "rollback", StatementSync> | undefined;

  private constructor(file: string, db: DatabaseSync) {
    this.file = file;
    this.#db = db;
  }

  /**
   * Opens (creating and migrating unless read-only) a store file. Throws `NewerSchemaError`
   * for a file from a newer weft and SQLite's error for one that is not a database.
   */
  static open(file: string, options: OpenOptions = {}): StoreDb {
    const db = new DatabaseSync(file, { readOnly: options.readOnly ?? false });
    try {
      if (!options.readOnly) {
        // Commits are not synced (a killed server loses nothing the OS has); checkpoints are,
        // and the server runs them off its event loop (`_checkpointer.ts`), not in a commit.
        // Small pages: a commit writes a page per changed row, and rows are small (a layout).
        db.exec(
          "PRAGMA page_size = 1024; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 2000; " +
            "PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = 8388608",
        );
      }
      const check = db.prepare("PRAGMA quick_check").get()?.quick_check;
      if (check !== "ok") throw new Error(`integrity check failed: ${String(check)}`);
      if (options.readOnly) migrateCheck(db);
      else {
        migrate(db);
        // SQLite opens a file it may not write read-only without a word: find out now.
        db.prepare(
          "INSERT INTO meta (key, value) VALUES ('openedAt', ?) " +
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        ).run(String(Date.now()));
      }
      return new StoreDb(file, db);
    } catch (err) {
      db.close();
      throw err;
    }
  }

  /**
   * Applies changes in one transaction; `logSeq`, when given, records the last change-log
   * entry (`_journal.ts`) they include, in the same transaction.
   */
  write(docs: readonly DocChange[], screens: readonly ScreenChange[], logSeq?: number): void {
    if (!docs.length && !screens.length && logSeq === undefined) return;
    // Prepared once: parsing BEGIN and COMMIT again for every batch is measurable.
    this.#tx ??= {
      begin: this.#db.prepare("BEGIN"),
      commit: this.#db.prepare("COMMIT"),
      rollback: this.#db.prepare("ROLLBACK"),
    };
    this.#tx.begin.run();
    try {
      if (logSeq !== undefined) {
        this.#stmt(this.#put, "meta", PUT).run("logSeq", String(logSeq));
      }
      for (const c of docs) {
        if (c.data === null) {
          this.#stmt(this.#del, c.table, "DELETE FROM $t WHERE $k = ?").run(c.key);
        } else {
          this.#stmt(this.#put, c.table, PUT).run(c.key, c.data);
        }
      }
      for (const s of screens) this.#writeScreen(s);
      this.#tx.commit.run();
    } catch (err) {
      this.#tx.rollback.run();
      throw err;
    }
  }

  /** The last change-log entry the file holds (0 when none). */
  logSeq(): number {
    const row = this.#db.prepare("SELECT value FROM meta WHERE key = 'logSeq'").get();
    return row ? Number(row.value) : 0;
  }

  /** Every stored document as it is in the file. */
  documents(): { table: DocTable; key: string; data: string }[] {
    return (["meta", "sessions", "windows", "panes"] as const).flatMap((table) =>
      this.#db.prepare(`SELECT ${keyOf(table)} AS k, ${valueOf(table)} AS v FROM ${table}`).all()
        .map((r) => ({ table, key: String(r.k), data: String(r.v) }))
    );
  }

  /**
   * Reads everything back; `newer` are changes the file does not hold yet (a change log that
   * a reader may not replay into the file), laid over its rows.
   */
  load(newer: readonly DocChange[] = []): SavedState {
    const docs = (table: DocTable) => {
      const rows = new Map(
        this.#db.prepare(`SELECT ${keyOf(table)} AS k, ${valueOf(table)} AS v FROM ${table}`)
          .all().map((r) => [String(r.k), String(r.v)]),
      );
      for (const c of newer) {
        if (c.table !== table) continue;
        if (c.data === null) rows.delete(c.key);
        else rows.set(c.key, c.data);
      }
      return [...rows].map(([k, v]) => [k, JSON.parse(v)] as const);
    };
    const meta = new Map(docs("meta"));
    const sessions = docs("sessions").map(([, v]) => v).sort((a, b) => idOrder(a.id, b.id));
    const screens = new Map(
      this.#db.prepare("SELECT pane, cols, rows, ansi, saved_at FROM screens").all().map((r) => [
        String(r.pane),
        {
          cols: Number(r.cols),
          rows: Number(r.rows),
          ansi: String(r.ansi),
          savedAt: Number(r.saved_at),
        },
      ]),
    );
    return {
      sessions,
      windows: new Map(docs("windows")),
      panes: new Map(docs("panes")),
      screens,
      current: (meta.get("current") as string | null | undefined) ?? null,
      counters: (meta.get("counters") as Record<string, number> | undefined) ?? {},
      savedAt: (meta.get("savedAt") as number | undefined) ?? 0,
    };
  }

  /**
   * Reads everything back as the server left it: the change log's entries the file does not
   * hold yet (`weft.db-log`, see `_journal.ts`) laid over its rows, without writing them.
   */
  loadLogged(): SavedState {
    return this.load(mergedDocs(readJournal(`${this.file}-log`, this.logSeq())));
  }

  /** Moves the WAL's pages into the file (and shrinks the WAL) when nothing reads old ones. */
  checkpoint(): void {
    this.#db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  }

  /** Closes the file. */
  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }

  #writeScreen(s: ScreenChange): void {
    if (s.screen === null) {
      this.#delScreen ??= this.#db.prepare("DELETE FROM screens WHERE pane = ?");
      this.#delScreen.run(s.pane);
      return;
    }
    this.#putScreen ??= this.#db.prepare(
      "INSERT INTO screens (pane, cols, rows, ansi, saved_at) VALUES (?, ?, ?, ?, ?) " +
        "ON CONFLICT(pane) DO UPDATE SET cols = excluded.cols, rows = excluded.rows, " +
        "ansi = excluded.ansi, saved_at = excluded.saved_at",
    );
    const { cols, rows, ansi, savedAt } = s.screen;
    this.#putScreen.run(s.pane, cols, rows, ansi, savedAt);
  }

  #stmt(cache: Map<DocTable, StatementSync>, table: DocTable, sql: string): StatementSync {
    let stmt = cache.get(table);
    if (!stmt) {
      stmt = this.#db.prepare(
        sql.replaceAll("$t", table).replaceAll("$k", keyOf(table)).replaceAll("$v", valueOf(table)),
      );
      cache.set(table, stmt);
    }
    return stmt;
  }
}

const PUT = "INSERT INTO $t ($k, $v) VALUES (?, ?) ON CONFLICT($k) DO UPDATE SET $v = excluded.$v";

function keyOf(table: DocTable): string {
  return table === "meta" ? "key" : "id";
}

function valueOf(table: DocTable): string {
  return table === "meta" ? "value" : "data";
}

/** `s2` before `s10`. */
export function idOrder(a: string, b: string): number {
  return Number(a.replace(/^\D+/, "")) - Number(b.replace(/^\D+/, "")) || a.localeCompare(b);
}

/** A read-only open cannot migrate: the file must already be at this weft's version. */
function migrateCheck(db: DatabaseSync): void {
  const version = schemaVersion(db);
  if (version > SCHEMA_VERSION) throw new NewerSchemaError(version);
  if (version < SCHEMA_VERSION) {
    throw new Error(`it has schema version ${version}; the server upgrades it when it starts`);
  }
}
