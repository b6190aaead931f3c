/**
 * The messaging plugin's SQLite file (`.weft/data/message/messages.db`, WAL): messages, each
 * recipient's copy with its read and delivery marks, groups and their members, identities that
 * plugins registered and names seen from outside panes. Every write is one transaction, so a
 * call that returns has its rows on disk (WAL; a killed server loses none of them).
 *
 * @module
 */

import { DatabaseSync, type StatementSync } from "node:sqlite";
import { ulid } from "./_ulid.ts";
import { OutsideNames, SEEN_DEFAULTS, type SeenLimits } from "./_seen.ts";
import {
  COLUMNS,
  type GroupRow,
  type Member,
  type NewMessage,
  type Priority,
  type Registered,
  SCHEMA,
  type StoredMessage,
  toGroup,
  toMessage,
} from "./_store_rows.ts";

export { PRIORITIES } from "./_store_rows.ts";
export type {
  GroupRow,
  Member,
  NewMessage,
  Priority,
  Registered,
  StoredMessage,
} from "./_store_rows.ts";

/** The plugin's database. */
export class MessageStore {
  #db: DatabaseSync;
  #now: () => number;
  #ids: () => string;
  #cache = new Map<string, StatementSync>();
  /** Told the recipients whose unread count may have changed, after each write. */
  onUnread: ((recipients: ReadonlySet<string>) => void) | undefined;
  // Identities are read on every send and change rarely.
  #registered: Registered[] | undefined;
  #byName: Map<string, Registered> | undefined;
  /** Names that spoke from outside panes (`human` aside), so they can be answered. */
  readonly outside: OutsideNames;

  /** Opens (and creates) the file at `path`; `":memory:"` for tests. */
  constructor(
    path: string,
    options: {
      sync?: "normal" | "full";
      now?: () => number;
      ids?: () => string;
      seen?: Partial<SeenLimits>;
    } = {},
  ) {
    this.#db = new DatabaseSync(path);
    this.#now = options.now ?? Date.now;
    this.#ids = options.ids ?? ulid;
    this.outside = new OutsideNames((sql) => this.#q(sql), {
      now: this.#now,
      limits: { ...SEEN_DEFAULTS, ...options.seen },
    });
    this.#db.exec(`PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 1000;
      PRAGMA synchronous = ${options.sync === "full" ? "FULL" : "NORMAL"};`);
    this.#db.exec(SCHEMA);
    this.outside.trim();
  }

  /** Closes the file. */
  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }

  #q(sql: string): StatementSync {
    let s = this.#cache.get(sql);
    if (!s) this.#cache.set(sql, s = this.#db.prepare(sql));
    return s;
  }

  #tx<T>(fn: () => T): T {
    this.#db.exec("BEGIN IMMEDIATE");
    try {
      const value = fn();
      this.#db.exec("COMMIT");
      return value;
    } catch (err) {
      this.#db.exec("ROLLBACK");
      throw err;
    }
  }

  /** Stores a message and one inbox row per recipient; returns each recipient's copy. */
  insert(message: NewMessage): StoredMessage[] {
    return this.insertMany([message])[0]!;
  }

  /**
   * Stores several messages in one transaction (one commit for sends that arrive together);
   * returns each one's copies, in order.
   */
  insertMany(messages: readonly NewMessage[]): StoredMessage[][] {
    const stored = this.#tx(() => messages.map((m) => this.#insert(m)));
    this.onUnread?.(new Set(messages.flatMap((m) => m.recipients)));
    return stored;
  }

  #insert(message: NewMessage): StoredMessage[] {
    const id = message.id ?? this.#ids();
    const at = message.createdAt ?? this.#now();
    // A message from another host, handed over again (its host's server restarted before it
    // acknowledged): stored once, and no one is told of it twice.
    if (message.id !== undefined && this.#q("SELECT 1 FROM messages WHERE id = ?").get(id)) {
      return [];
    }
    const thread = message.replyTo ? (this.threadOf(message.replyTo) ?? message.replyTo) : id;
    const metadata = message.metadata ? JSON.stringify(message.metadata) : null;
    this.#q(`INSERT INTO messages (id, sender, to_spec, content, priority, reply_to, thread,
      metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
      id,
      message.from,
      message.toSpec,
      message.content,
      message.priority,
      message.replyTo ?? null,
      thread,
      metadata,
      at,
    );
    const add = this.#q("INSERT OR IGNORE INTO inbox (recipient, message_id) VALUES (?, ?)");
    for (const r of message.recipients) add.run(r, id);
    return [...new Set(message.recipients)].map((to) => ({
      id,
      from: message.from,
      to,
      toSpec: message.toSpec,
      content: message.content,
      priority: message.priority,
      replyTo: message.replyTo ?? null,
      thread,
      metadata: message.metadata ?? null,
      createdAt: at,
      readAt: null,
      delivery: null,
    }));
  }

  /** The thread a message belongs to, or undefined for an unknown id. */
  threadOf(id: string): string | undefined {
    const row = this.#q("SELECT thread FROM messages WHERE id = ?").get(id);
    return row ? String(row.thread) : undefined;
  }

  /** A recipient's unread messages, oldest first (only `ids` and `priorities` when given). */
  unread(
    recipient: string,
    options: { limit?: number; ids?: readonly string[]; priorities?: readonly Priority[] } = {},
  ): StoredMessage[] {
    const where = ["i.recipient = ?", "i.read_at IS NULL"];
    const args: (string | number)[] = [recipient];
    for (
      const [column, values] of [["i.message_id", options.ids], [
        "m.priority",
        options.priorities,
      ]] as const
    ) {
      if (!values) continue;
      where.push(`${column} IN (${values.map(() => "?").join(", ") || "NULL"})`);
      args.push(...values);
    }
    args.push(options.limit ?? -1);
    const sql = `SELECT ${COLUMNS} FROM inbox i JOIN messages m ON m.id = i.message_id
       WHERE ${where.join(" AND ")} ORDER BY i.message_id LIMIT ?`;
    // With ids the number of placeholders varies: such a statement is not kept.
    return (options.ids ? this.#db.prepare(sql) : this.#q(sql)).all(...args).map(toMessage);
  }

  /** How many unread messages a recipient has. */
  unreadCount(recipient: string): number {
    const row = this.#q("SELECT count(*) AS n FROM inbox WHERE recipient = ? AND read_at IS NULL")
      .get(recipient);
    return Number(row?.n ?? 0);
  }

  /** Marks these of a recipient's messages read (and optionally how they were delivered). */
  markRead(recipient: string, ids: readonly string[], delivery?: string): void {
    if (!ids.length) return;
    const at = this.#now();
    this.#tx(() => {
      const mark = this.#q(
        `UPDATE inbox SET read_at = ?, delivery = coalesce(?, delivery)
         WHERE recipient = ? AND message_id = ? AND read_at IS NULL`,
      );
      for (const id of ids) mark.run(at, delivery ?? null, recipient, id);
    });
    this.onUnread?.(new Set([recipient]));
  }

  /**
   * Sets how these unread messages fare in delivery: `typing` or `handing` (the intent, stored
   * before acting), `undelivered` (given up), null (waiting again); see `_transcript.ts`.
   */
  markDelivery(recipient: string, ids: readonly string[], delivery: string | null): void {
    this.#tx(() => {
      const mark = this.#q("UPDATE inbox SET delivery = ? WHERE recipient = ? AND message_id = ?");
      for (const id of ids) mark.run(delivery, recipient, id);
    });
  }

  /** One message (as `recipient` has it, else the sender's view), or undefined. */
  get(id: string, recipient?: string): StoredMessage | undefined {
    const row = recipient === undefined ? undefined : this.#q(
      `SELECT ${COLUMNS} FROM inbox i JOIN messages m ON m.id = i.message_id
       WHERE i.message_id = ? AND i.recipient = ?`,
    ).get(id, recipient);
    if (row) return toMessage(row);
    const any = this.#q(
      `SELECT m.*, NULL AS recipient, NULL AS read_at, NULL AS delivery FROM messages m
       WHERE m.id = ?`,
    ).get(id);
    return any ? toMessage(any) : undefined;
  }

  /** Each recipient's copy of a message (read and delivery marks), by recipient. */
  copies(id: string): StoredMessage[] {
    return this.#q(
      `SELECT ${COLUMNS} FROM inbox i JOIN messages m ON m.id = i.message_id
       WHERE i.message_id = ? ORDER BY i.recipient`,
    ).all(id).map(toMessage);
  }

  /** Who a message went to. */
  recipientsOf(id: string): string[] {
    return this.#q("SELECT recipient FROM inbox WHERE message_id = ? ORDER BY recipient")
      .all(id).map((r) => String(r.recipient));
  }

  /** Every message of a thread, oldest first. */
  thread(thread: string): StoredMessage[] {
    return this.#q(
      `SELECT m.*, NULL AS recipient, NULL AS read_at, NULL AS delivery FROM messages m
       WHERE m.thread = ? ORDER BY m.id`,
    ).all(thread).map(toMessage);
  }

  /** The last `limit` messages `name` sent or received (everyone's without a name), oldest first. */
  log(options: { name?: string; limit: number }): StoredMessage[] {
    const rows = options.name === undefined
      ? this.#q(
        `SELECT m.*, NULL AS recipient, NULL AS read_at, NULL AS delivery FROM messages m
         ORDER BY m.id DESC LIMIT ?`,
      ).all(options.limit)
      : this.#q(
        `SELECT m.*, NULL AS recipient, NULL AS read_at, NULL AS delivery FROM messages m
         WHERE m.sender = ?1 OR m.id IN (SELECT message_id FROM inbox WHERE recipient = ?1)
         ORDER BY m.id DESC LIMIT ?2`,
      ).all(options.name, options.limit);
    return rows.map(toMessage).reverse();
  }

  // Groups.

  /** Creates a group; false when it exists. */
  createGroup(name: string, description: string, by: string): boolean {
    const r = this.#q(
      "INSERT OR IGNORE INTO groups (name, description, created_at, created_by) VALUES (?, ?, ?, ?)",
    ).run(name, description, this.#now(), by);
    return Number(r.changes) > 0;
  }

  /** Deletes a group and its members; false when there was none. */
  deleteGroup(name: string): boolean {
    return this.#tx(() => {
      this.#q("DELETE FROM members WHERE grp = ?").run(name);
      return Number(this.#q("DELETE FROM groups WHERE name = ?").run(name).changes) > 0;
    });
  }

  /** A group, or undefined. */
  group(name: string): GroupRow | undefined {
    const row = this.#q("SELECT * FROM groups WHERE name = ?").get(name);
    return row ? toGroup(row) : undefined;
  }

  /** Every group, by name. */
  groups(): GroupRow[] {
    return this.#q("SELECT * FROM groups ORDER BY name").all().map(toGroup);
  }

  /** A group's members. */
  members(group: string): Member[] {
    return this.#q("SELECT type, id FROM members WHERE grp = ? ORDER BY type, id").all(group)
      .map((r) => ({ type: String(r.type) as Member["type"], id: String(r.id) }));
  }

  /** Adds a member; false when it was one already. */
  addMember(group: string, member: Member): boolean {
    return Number(
      this.#q("INSERT OR IGNORE INTO members (grp, type, id) VALUES (?, ?, ?)")
        .run(group, member.type, member.id).changes,
    ) > 0;
  }

  /** Removes a member; false when it was none. */
  removeMember(group: string, member: Member): boolean {
    return Number(
      this.#q("DELETE FROM members WHERE grp = ? AND type = ? AND id = ?")
        .run(group, member.type, member.id).changes,
    ) > 0;
  }

  // Identities that are not panes.

  /** Registers (or updates) an identity a plugin owns. */
  register(identity: Registered): void {
    this.#registered = this.#byName = undefined;
    this.#q(
      `INSERT INTO registered (name, owner, role, description) VALUES (?, ?, ?, ?)
       ON CONFLICT(name) DO UPDATE SET role = excluded.role, description = excluded.description`,
    ).run(identity.name, identity.owner, identity.role, identity.description);
  }

  /** Removes a registered identity; false when there was none. */
  unregister(name: string): boolean {
    this.#registered = this.#byName = undefined;
    return Number(this.#q("DELETE FROM registered WHERE name = ?").run(name).changes) > 0;
  }

  /** The registered identity called `name`, if any. */
  registeredByName(name: string): Registered | undefined {
    this.#byName ??= new Map(this.registered().map((r) => [r.name, r]));
    return this.#byName.get(name);
  }

  /** Every registered identity. */
  registered(): Registered[] {
    return this.#registered ??= this.#q("SELECT * FROM registered ORDER BY name").all().map((
      r,
    ) => ({
      name: String(r.name),
      owner: String(r.owner),
      role: r.role === null ? null : String(r.role),
      description: r.description === null ? null : String(r.description),
    }));
  }

  /**
   * Gives what `from` holds to `to` (a pane renamed): its inbox, read and delivery marks with
   * it, and its group memberships. A message both already had stays once.
   */
  rename(from: string, to: string): void {
    if (from === to) return;
    this.#tx(() => {
      this.#q("UPDATE OR IGNORE inbox SET recipient = ? WHERE recipient = ?").run(to, from);
      this.#q("DELETE FROM inbox WHERE recipient = ?").run(from);
      this.#q("UPDATE OR IGNORE members SET id = ? WHERE type = 'agent' AND id = ?").run(to, from);
      this.#q("DELETE FROM members WHERE type = 'agent' AND id = ?").run(from);
    });
    this.onUnread?.(new Set([to]));
  }

  /**
   * Puts a closed pane's inbox (under its name and its id) out of reach: under `~<id>`, which
   * no identity can be called, so neither its id nor the next pane with its name gets it.
   */
  retire(name: string, id: string): void {
    const key = `~${id}`;
    this.#tx(() => {
      for (const from of new Set([name, id])) {
        this.#q("UPDATE OR IGNORE inbox SET recipient = ? WHERE recipient = ?").run(key, from);
        this.#q("DELETE FROM inbox WHERE recipient = ?").run(from);
      }
    });
  }

  /** Recipients with mail that are pane ids (`p7`). */
  paneRecipients(): string[] {
    return this.#q("SELECT DISTINCT recipient FROM inbox WHERE recipient GLOB 'p[0-9]*'").all()
      .map((r) => String(r.recipient)).filter((r) => /^p\d+$/.test(r));
  }
}
