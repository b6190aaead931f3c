/**
 * How a turn's end is stored: a reply ends its item and goes on to whoever sent it; a failure
 * queues it again or makes it a dead letter. Each runs inside the transaction that records the
 * turn, so a message leaves its queue exactly when its reply is stored.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import { type Item, row, run } from "./_db.ts";
import type { Outcome } from "./_stream.ts";
import type { Options } from "./options.ts";

/** What {@link insertItem} takes. */
export interface Enqueue {
  agent: string;
  text: string;
  sender?: string | null;
  origin: Item["origin"];
  messageId?: string | null;
  conversation?: string;
  hop?: number;
  maxHops?: number;
  priority?: number;
}

/**
 * Stores the reply, ends the item and routes the reply on (call inside the transaction that
 * records the turn): to a bridge agent sender as its next turn, to anyone else through the
 * outbox, nowhere past the hop limit.
 */
export function storeReply(
  db: DatabaseSync,
  item: Item,
  outcome: Outcome,
  { options, now }: { options: Options; now: number },
): { how: string; outbox?: number } {
  run(
    db,
    `UPDATE agents SET turns = turns + 1, session_started = 1, last_result = ? WHERE name = ?`,
    JSON.stringify({ ok: true, at: now, costUsd: outcome.costUsd }),
    item.agent,
  );
  let how = "none";
  let outbox: number | undefined;
  const sender = item.sender;
  const toAgent = sender !== null &&
    row(db, "SELECT 1 AS x FROM agents WHERE name = ?", sender) !== undefined;
  if (sender === null) {
    how = "kept";
  } else if (item.hop >= item.max_hops) {
    how = `stopped: hop limit ${item.max_hops} reached`;
  } else if (toAgent) {
    const next = insertItem(
      db,
      {
        agent: sender,
        text: outcome.reply,
        sender: item.agent,
        origin: "reply",
        conversation: item.conversation,
        hop: item.hop + 1,
        maxHops: item.max_hops,
        priority: item.priority,
      },
      options,
      now,
    );
    how = `agent:${next.id}`;
  } else {
    const out = row<{ id: number }>(
      db,
      `INSERT INTO outbox (item, sender, recipient, text, reply_to, state, created_at)
        VALUES (?, ?, ?, ?, ?, 'pending', ?) RETURNING id`,
      item.id,
      item.agent,
      sender,
      outcome.reply,
      item.message_id,
      now,
    )!;
    outbox = Number(out.id);
    how = `message:${sender}`;
  }
  run(
    db,
    `UPDATE items SET state = 'done', reply = ?, routed = ?, error = NULL, done_at = ?
      WHERE id = ?`,
    outcome.reply,
    how,
    now,
    item.id,
  );
  return { how, ...(outbox !== undefined ? { outbox } : {}) };
}

/**
 * Queues the item again after a back-off (doubling from `backoffMs`), or moves it to the dead
 * letters after `maxTries` or when retrying cannot help; the delay, or `"dead"`.
 */
export function storeFailure(
  db: DatabaseSync,
  item: Item,
  outcome: Outcome,
  { options, now, tries }: { options: Options; now: number; tries: number },
): number | "dead" {
  const { maxTries, backoffMs } = options;
  // Claude Code said whether the session exists; else a try that printed its session id
  // made the session (a first turn that failed after that must resume it).
  const begun = outcome.session ? outcome.session === "exists" : outcome.sessionId !== null;
  if (outcome.session || begun) {
    run(db, "UPDATE agents SET session_started = ? WHERE name = ?", begun ? 1 : 0, item.agent);
  }
  run(
    db,
    "UPDATE agents SET last_result = ? WHERE name = ?",
    JSON.stringify({ ok: false, at: now, error: outcome.error }),
    item.agent,
  );
  if (outcome.fatal || tries >= maxTries) {
    run(
      db,
      "UPDATE items SET state = 'dead', error = ?, done_at = ? WHERE id = ?",
      outcome.error,
      now,
      item.id,
    );
    return "dead";
  }
  // A session mix-up is fixed by the flag just set: no need to wait.
  const delay = outcome.session ? 0 : backoffMs * 2 ** (tries - 1);
  run(
    db,
    "UPDATE items SET state = 'queued', next_at = ?, error = ? WHERE id = ?",
    now + delay,
    outcome.error,
    item.id,
  );
  return delay;
}

/** Stores a new queued item. */
export function insertItem(db: DatabaseSync, r: Enqueue, options: Options, now: number): Item {
  return row<Item>(
    db,
    `INSERT INTO items (id, agent, text, sender, origin, message_id, conversation, hop,
      max_hops, priority, state, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'queued', ?)
      RETURNING *`,
    crypto.randomUUID(),
    r.agent,
    r.text,
    r.sender ?? null,
    r.origin,
    r.messageId ?? null,
    r.conversation ?? crypto.randomUUID(),
    r.hop ?? 1,
    r.maxHops ?? options.maxHops,
    r.priority ?? 0,
    now,
  )!;
}
