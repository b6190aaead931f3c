/**
 * The messaging store's tables and rows: the schema, the records it hands out, and how a
 * SQLite row becomes one.
 *
 * @module
 */

/** Message priorities, most urgent first. */
export const PRIORITIES = ["critical", "high", "normal", "low"] as const;
/** One of {@link PRIORITIES}. */
export type Priority = typeof PRIORITIES[number];

/** A stored message as one recipient sees it. */
export interface StoredMessage {
  id: string;
  from: string;
  /** The recipient this copy is for. */
  to: string;
  /** What the sender wrote in `to` (`bob`, `@reviewer`, `@everyone`). */
  toSpec: string;
  content: string;
  priority: Priority;
  replyTo: string | null;
  thread: string;
  metadata: Record<string, unknown> | null;
  /** ms since the epoch. */
  createdAt: number;
  readAt: number | null;
  /**
   * Read: how (`hook`, `typed`, `check`, `wait`; `delivered` in older files: typed). Unread:
   * `typing` or `handing` (a delivery under way: its intent), `undelivered` (gave up), or null;
   * an intent may carry a transcript mark and an agent (`handing@1234:567`: `_transcript.ts`).
   */
  delivery: string | null;
}

/** What {@link MessageStore.insert} takes. */
export interface NewMessage {
  from: string;
  toSpec: string;
  recipients: readonly string[];
  content: string;
  priority: Priority;
  replyTo?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
  /**
   * Its id and time when another host made it (a message across hosts): stored only if no
   * message has that id yet, so a message handed over twice is stored once.
   */
  id?: string;
  createdAt?: number;
}

/** A group's row. */
export interface GroupRow {
  name: string;
  description: string;
  createdAt: number;
  createdBy: string;
}

/** A group member: an agent by name or every agent of a role. */
export interface Member {
  type: "agent" | "role";
  id: string;
}

/** An identity a plugin registered (not a pane). */
export interface Registered {
  name: string;
  owner: string;
  role: string | null;
  description: string | null;
}

/** The tables, made when missing. */
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS messages (
  id TEXT PRIMARY KEY, sender TEXT NOT NULL, to_spec TEXT NOT NULL, content TEXT NOT NULL,
  priority TEXT NOT NULL, reply_to TEXT, thread TEXT NOT NULL, metadata TEXT,
  created_at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS messages_thread ON messages(thread);
CREATE INDEX IF NOT EXISTS messages_sender ON messages(sender);
CREATE TABLE IF NOT EXISTS inbox (
  recipient TEXT NOT NULL, message_id TEXT NOT NULL, read_at INTEGER, delivery TEXT,
  PRIMARY KEY (recipient, message_id)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS inbox_unread ON inbox(recipient, read_at, message_id);
CREATE TABLE IF NOT EXISTS groups (
  name TEXT PRIMARY KEY, description TEXT NOT NULL, created_at INTEGER NOT NULL,
  created_by TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS members (
  grp TEXT NOT NULL, type TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (grp, type, id));
CREATE TABLE IF NOT EXISTS registered (
  name TEXT PRIMARY KEY, owner TEXT NOT NULL, role TEXT, description TEXT);
CREATE TABLE IF NOT EXISTS seen (name TEXT PRIMARY KEY, at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS seen_at ON seen(at);
PRAGMA user_version = 1;
`;

/** The columns of a message as one recipient sees it (`m`: messages, `i`: inbox). */
export const COLUMNS = `m.id, m.sender, i.recipient, m.to_spec, m.content, m.priority, m.reply_to,
  m.thread, m.metadata, m.created_at, i.read_at, i.delivery`;

/** A row as node:sqlite returns it. */
export type Row = Record<string, unknown>;

/** A message row (of {@link COLUMNS}) as a recipient's copy. */
export function toMessage(r: Row): StoredMessage {
  return {
    id: String(r.id),
    from: String(r.sender),
    to: r.recipient === null || r.recipient === undefined ? "" : String(r.recipient),
    toSpec: String(r.to_spec),
    content: String(r.content),
    priority: String(r.priority) as Priority,
    replyTo: r.reply_to === null ? null : String(r.reply_to),
    thread: String(r.thread),
    metadata: r.metadata === null ? null : JSON.parse(String(r.metadata)),
    createdAt: Number(r.created_at),
    readAt: r.read_at === null || r.read_at === undefined ? null : Number(r.read_at),
    delivery: r.delivery === null || r.delivery === undefined ? null : String(r.delivery),
  };
}

/** A group row. */
export function toGroup(r: Row): GroupRow {
  return {
    name: String(r.name),
    description: String(r.description),
    createdAt: Number(r.created_at),
    createdBy: String(r.created_by),
  };
}
