/**
 * The store's schema, versioned with SQLite's `user_version`: one migration per step, in code.
 * A file at a version this weft does not know (a newer weft wrote it) is never touched.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";

/**
 * Each entry takes the schema from version `i` to `i + 1`. Append only: a released step is
 * never edited, a change is a new step.
 */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
   CREATE TABLE sessions (id TEXT PRIMARY KEY, data TEXT NOT NULL) STRICT;
   CREATE TABLE windows (id TEXT PRIMARY KEY, data TEXT NOT NULL) STRICT;
   CREATE TABLE panes (id TEXT PRIMARY KEY, data TEXT NOT NULL) STRICT;
   CREATE TABLE screens (
     pane TEXT PRIMARY KEY, cols INTEGER NOT NULL, rows INTEGER NOT NULL, ansi TEXT NOT NULL,
     saved_at INTEGER NOT NULL
   ) STRICT;`,
];

/** The schema version this weft writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Thrown when a store was written by a newer weft; the caller moves the file aside. */
export class NewerSchemaError extends Error {
  constructor(readonly found: number) {
    super(`it has schema version ${found}, this weft knows up to ${SCHEMA_VERSION}`);
    this.name = "NewerSchemaError";
  }
}

/**
 * Brings an open database up to {@link SCHEMA_VERSION}, each step in its own transaction.
 *
 * @example
 * ```ts
 * import { DatabaseSync } from "node:sqlite";
 * import { migrate, SCHEMA_VERSION } from "./schema.ts";
 * const db = new DatabaseSync(":memory:");
 * migrate(db);
 * console.assert(db.prepare("PRAGMA user_version").get()!.user_version === SCHEMA_VERSION);
 * ```
 */
export function migrate(db: DatabaseSync): void {
  const version = schemaVersion(db);
  if (version > SCHEMA_VERSION) throw new NewerSchemaError(version);
  for (let v = version; v < SCHEMA_VERSION; v++) {
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec(MIGRATIONS[v]!);
      db.exec(`PRAGMA user_version = ${v + 1}`);
      db.exec("COMMIT");
    } catch (err) {
      db.exec("ROLLBACK");
      throw err;
    }
  }
}

/** The file's schema version (0 for a new file). */
export function schemaVersion(db: DatabaseSync): number {
  return Number(db.prepare("PRAGMA user_version").get()?.user_version ?? 0);
}
