/**
 * The bridge's own SQLite file (`.weft/data/bridge/bridge.db`, WAL): agents and their
 * sessions, the per-agent queues, every turn, and the replies waiting to go out as messages.
 *
 * @module
 */

import { DatabaseSync, type SQLInputValue } from "node:sqlite";

const SCHEMA = [
  `CREATE TABLE agents (
    name TEXT PRIMARY KEY, settings TEXT NOT NULL, source TEXT NOT NULL,
    session_id TEXT NOT NULL, session_started INTEGER NOT NULL DEFAULT 0,
    turns INTEGER NOT NULL DEFAULT 0, last_result TEXT, created_at INTEGER NOT NULL)`,
  `CREATE TABLE items (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, agent TEXT NOT NULL,
    text TEXT NOT NULL, sender TEXT, origin TEXT NOT NULL, message_id TEXT,
    conversation TEXT NOT NULL, hop INTEGER NOT NULL, max_hops INTEGER NOT NULL,
    priority INTEGER NOT NULL DEFAULT 0, state TEXT NOT NULL, tries INTEGER NOT NULL DEFAULT 0,
    next_at INTEGER NOT NULL DEFAULT 0, error TEXT, reply TEXT, routed TEXT,
    created_at INTEGER NOT NULL, done_at INTEGER)`,
  "CREATE INDEX items_state ON items (state, agent)",
  "CREATE UNIQUE INDEX items_message ON items (agent, message_id) WHERE message_id IS NOT NULL",
  `CREATE TABLE turns (
    id INTEGER PRIMARY KEY AUTOINCREMENT, item TEXT NOT NULL, agent TEXT NOT NULL,
    attempt TEXT NOT NULL UNIQUE, session_id TEXT, turn_number INTEGER, try INTEGER NOT NULL,
    pane TEXT, state TEXT NOT NULL, started_at INTEGER NOT NULL, finished_at INTEGER,
    exit_code INTEGER, signal TEXT, duration_ms INTEGER, cost_usd REAL, input_tokens INTEGER,
    output_tokens INTEGER, subtype TEXT, is_error INTEGER, error TEXT)`,
  "CREATE INDEX turns_item ON turns (item)",
  `CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT, item TEXT NOT NULL UNIQUE, sender TEXT NOT NULL,
    recipient TEXT NOT NULL, text TEXT NOT NULL, reply_to TEXT, state TEXT NOT NULL,
    note TEXT, message_id TEXT, created_at INTEGER NOT NULL)`,
  "CREATE INDEX outbox_message ON outbox (message_id)",
];

/** A queued (or finished) message for an agent. */
export interface Item {
  seq: number;
  id: string;
  agent: string;
  text: string;
  sender: string | null;
  origin: "send" | "inject" | "message" | "reply";
  message_id: string | null;
  conversation: string;
  hop: number;
  max_hops: number;
  priority: number;
  state: "queued" | "running" | "done" | "dead";
  tries: number;
  next_at: number;
  error: string | null;
  reply: string | null;
  routed: string | null;
  created_at: number;
  done_at: number | null;
}

/** An agent's row. */
export interface AgentRow {
  name: string;
  settings: string;
  source: "config" | "added";
  session_id: string;
  session_started: number;
  turns: number;
  last_result: string | null;
  created_at: number;
}

/**
 * Opens (and migrates) the bridge's database in `dir`.
 *
 * @example
 * ```ts
 * import { openDb } from "./_db.ts";
 * const dir = await Deno.makeTempDir();
 * const db = openDb(dir);
 * console.assert(rows(db, "SELECT * FROM items").length === 0);
 * db.close();
 * import { rows } from "./_db.ts";
 * ```
 */
export function openDb(dir: string): DatabaseSync {
  const db = new DatabaseSync(`${dir}/bridge.db`);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 2000");
  const version = Number(row(db, "PRAGMA user_version")?.user_version ?? 0);
  if (version < 1) {
    transaction(db, () => {
      for (const sql of SCHEMA) db.exec(sql);
      db.exec("PRAGMA user_version = 1");
    });
  }
  return db;
}

/** Every row of a query. */
export function rows<T = Record<string, unknown>>(
  db: DatabaseSync,
  sql: string,
  ...params: SQLInputValue[]
): T[] {
  return db.prepare(sql).all(...params) as T[];
}

/** The first row of a query, if any. */
export function row<T = Record<string, unknown>>(
  db: DatabaseSync,
  sql: string,
  ...params: SQLInputValue[]
): T | undefined {
  return db.prepare(sql).get(...params) as T | undefined;
}

/** Runs a statement. */
export function run(db: DatabaseSync, sql: string, ...params: SQLInputValue[]): void {
  db.prepare(sql).run(...params);
}

/** Runs `fn` in one transaction: all of it is stored, or none. */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const out = fn();
    db.exec("COMMIT");
    return out;
  } catch (err) {
    db.exec("ROLLBACK");
    throw err;
  }
}
