/**
 * The bridge on the messaging fabric (plugin `message`): each bridge agent is an identity the
 * bridge registers; a message to one becomes a turn; a reply to a pane agent or a human goes
 * out as a message from the agent. Without the messaging plugin, replies stay in the bridge's
 * `outbox` table as `undelivered`.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import { WeftError } from "@weft/weft/plugin";
import { row, run } from "./_db.ts";
import type { Broker } from "./_broker.ts";

/** A stored message, as `message.received` and `message.check` carry it. */
export interface Message {
  /** `message.received` says `id`, `message.check` says `message_id`. */
  id?: string;
  message_id?: string;
  from: string;
  to: string;
  content: string;
  priority?: number | string;
  reply_to?: string | null;
  metadata?: Record<string, unknown> | null;
}

/** What the glue needs. */
export interface MessagingDeps {
  db: DatabaseSync;
  broker: Broker;
  call<T>(name: string, input: unknown): Promise<T>;
  log(...args: unknown[]): void;
}

/** The bridge's side of messaging. */
export class MessagingLink {
  #deps: MessagingDeps;
  /** Deliveries under way: an answer to one may arrive before `message.send` has answered. */
  #sending = new Set<Promise<void>>();
  #intake: Promise<unknown> = Promise.resolve();

  constructor(deps: MessagingDeps) {
    this.#deps = deps;
  }

  /**
   * Registers an agent as an identity: `"registered"`, `"no messaging"` when the plugin is not
   * there, or why messaging refused (the name is a pane's, say).
   */
  async register(name: string, description?: string): Promise<string> {
    try {
      await this.#deps.call("message.register", {
        name,
        role: "bridge",
        ...(description ? { description } : {}),
      });
      return "registered";
    } catch (err) {
      if (absent(err)) return "no messaging";
      this.#deps.log(`cannot register bridge agent "${name}" with messaging: ${err}`);
      return `refused: ${err instanceof Error ? err.message : err}`;
    }
  }

  /**
   * A message arrived: queue a turn when it is for one of the agents; true when it was.
   * Messages are taken one at a time, in the order they came.
   */
  received(message: Message): Promise<boolean> {
    const taken = this.#intake.then(() => this.#receive(message));
    this.#intake = taken.catch(() => {});
    return taken;
  }

  async #receive(message: Message): Promise<boolean> {
    const id = message.id ?? message.message_id;
    if (!id || !this.#isAgent(message.to)) return false;
    if (message.reply_to && this.#sending.size) await Promise.allSettled([...this.#sending]);
    this.#take(message);
    await this.#deps.call("message.check", { as: message.to, ids: [id] }).catch((err) =>
      this.#deps.log(`cannot mark message ${id} read: ${err}`)
    );
    return true;
  }

  /** Queues the agent's unread messages (those that came while the bridge was down). */
  async drain(agent: string): Promise<number> {
    let got: unknown;
    try {
      got = await this.#deps.call("message.check", { as: agent });
    } catch (err) {
      if (!absent(err)) this.#deps.log(`cannot read ${agent}'s messages: ${err}`);
      return 0;
    }
    const list = (Array.isArray(got) ? got : (got as { messages?: unknown })?.messages) ?? [];
    let n = 0;
    for (const m of list as Message[]) {
      if (m?.to === agent && typeof m.content === "string") {
        this.#take(m);
        n++;
      }
    }
    return n;
  }

  /** Sends an outbox row as a message from its agent. */
  deliver(id: number): Promise<void> {
    const sending = this.#deliver(id);
    this.#sending.add(sending);
    return sending.finally(() => this.#sending.delete(sending));
  }

  async #deliver(id: number): Promise<void> {
    const db = this.#deps.db;
    const out = row<{ sender: string; recipient: string; text: string; reply_to: string | null }>(
      db,
      "SELECT * FROM outbox WHERE id = ? AND state IN ('pending', 'undelivered')",
      id,
    );
    if (!out) return;
    try {
      const sent = await this.#deps.call<{ message_id?: string }>("message.send", {
        to: out.recipient,
        content: out.text,
        as: out.sender,
        ...(out.reply_to ? { reply_to: out.reply_to } : {}),
        metadata: { bridge: true },
      });
      run(
        db,
        "UPDATE outbox SET state = 'sent', note = NULL, message_id = ? WHERE id = ?",
        sent?.message_id ?? null,
        id,
      );
    } catch (err) {
      const note = absent(err)
        ? "the messaging plugin is not running: the reply is kept here"
        : `cannot send: ${err instanceof Error ? err.message : err}`;
      run(db, "UPDATE outbox SET state = 'undelivered', note = ? WHERE id = ?", note, id);
    }
  }

  #isAgent(name: string): boolean {
    return row(this.#deps.db, "SELECT 1 AS x FROM agents WHERE name = ?", name) !== undefined;
  }

  #take(m: Message): void {
    const db = this.#deps.db;
    // An answer to a reply the bridge sent goes on in that conversation: the reply was the
    // other side's turn (one hop), this message is the agent's next (another).
    const prior = m.reply_to
      ? row<{ conversation: string; hop: number; max_hops: number }>(
        db,
        `SELECT i.conversation, i.hop, i.max_hops FROM outbox o JOIN items i ON i.id = o.item
          WHERE o.message_id = ?`,
        m.reply_to,
      )
      : undefined;
    let item;
    try {
      item = this.#deps.broker.enqueue({
        agent: m.to,
        text: m.content,
        sender: m.from,
        origin: "message",
        messageId: m.id ?? m.message_id ?? null,
        ...(prior
          ? { conversation: prior.conversation, hop: prior.hop + 2, maxHops: prior.max_hops }
          : {}),
        priority: typeof m.priority === "number" ? m.priority : PRIORITY[m.priority ?? ""] ?? 0,
      });
    } catch (err) {
      // The unique (agent, message id) index: this message is queued already.
      if (!String(err).includes("UNIQUE")) throw err;
      return;
    }
    if (item.hop > item.max_hops) {
      run(
        db,
        "UPDATE items SET state = 'dead', error = ?, done_at = ? WHERE id = ? AND state = 'queued'",
        `not run: the conversation reached its hop limit (${item.max_hops})`,
        Date.now(),
        item.id,
      );
    }
  }
}

/** Messaging's priorities as queue priorities. */
const PRIORITY: Record<string, number> = { critical: 20, high: 10, normal: 0, low: -10 };

function absent(err: unknown): boolean {
  return err instanceof WeftError && err.code === "NOT_FOUND" &&
    err.message.startsWith('Cannot find command "message.');
}
