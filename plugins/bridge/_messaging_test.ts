import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { WeftError } from "@weft/weft/plugin";
import { Broker } from "./_broker.ts";
import { type Item, openDb, row, rows, run } from "./_db.ts";
import { storeAgent } from "./_agents.ts";
import { MessagingLink } from "./_messaging.ts";
import { defaults } from "./options.ts";

/** A link on a broker that never runs turns, and a record of the bus calls it made. */
async function setup(call: (name: string, input: unknown) => unknown) {
  const dir = await Deno.makeTempDir();
  const db = openDb(dir);
  storeAgent(db, "A", {}, "added");
  const broker = new Broker({
    db,
    runs: dir,
    projectDir: dir,
    options: defaults,
    executors: {
      pane: { run: () => new Promise(() => {}) },
      headless: { run: () => new Promise(() => {}) },
    },
    publish: () => {},
    deliver: () => {},
  });
  broker.stop();
  const calls: [string, unknown][] = [];
  const link = new MessagingLink({
    db,
    broker,
    call: <T>(name: string, input: unknown) => {
      calls.push([name, input]);
      return Promise.resolve(call(name, input) as T);
    },
    log: () => {},
  });
  return { db, broker, link, calls };
}

Deno.test("MessagingLink queues a message for an agent once and marks it read", async () => {
  const { db, link, calls } = await setup(() => ({}));
  const message = { id: "m1", from: "p3", to: "A", content: "hi", priority: "high" };
  strictEqual(await link.received(message), true);
  strictEqual(await link.received(message), true);
  strictEqual(await link.received({ ...message, id: "m2", to: "someone-else" }), false);
  const items = rows<Item>(db, "SELECT * FROM items");
  deepStrictEqual(items.map((i) => [i.agent, i.sender, i.message_id, i.priority]), [
    ["A", "p3", "m1", 10],
  ]);
  deepStrictEqual(calls.filter(([n]) => n === "message.check").length, 2);
});

Deno.test("MessagingLink goes on in a conversation it answered, and stops it at the hop limit", async () => {
  const { db, broker, link } = await setup(() => ({ message_id: "sent-1" }));
  const first = broker.enqueue({
    agent: "A",
    text: "q",
    sender: "p3",
    origin: "message",
    maxHops: 3,
  });
  run(db, "UPDATE items SET state = 'done' WHERE id = ?", first.id);
  const out = row<{ id: number }>(
    db,
    `INSERT INTO outbox (item, sender, recipient, text, state, created_at)
      VALUES (?, 'A', 'p3', 'answer', 'pending', 0) RETURNING id`,
    first.id,
  )!;
  await link.deliver(Number(out.id));
  strictEqual(
    row<{ message_id: string }>(db, "SELECT message_id FROM outbox")!.message_id,
    "sent-1",
  );
  await link.received({ id: "m2", from: "p3", to: "A", content: "more", reply_to: "sent-1" });
  const second = row<Item>(db, "SELECT * FROM items WHERE message_id = 'm2'")!;
  deepStrictEqual([second.conversation, second.hop, second.state], [
    first.conversation,
    3,
    "queued",
  ]);
  // One more round trip would be hop 5 of 3: kept as a dead letter, never run.
  run(db, "UPDATE items SET state = 'done' WHERE id = ?", second.id);
  run(
    db,
    `INSERT INTO outbox (item, sender, recipient, text, state, message_id, created_at)
      VALUES (?, 'A', 'p3', 'again', 'sent', 'sent-2', 0)`,
    second.id,
  );
  await link.received({ id: "m3", from: "p3", to: "A", content: "still?", reply_to: "sent-2" });
  const third = row<Item>(db, "SELECT * FROM items WHERE message_id = 'm3'")!;
  deepStrictEqual([third.hop, third.state], [5, "dead"]);
});

Deno.test("MessagingLink keeps a reply when messaging is not there", async () => {
  const { db, broker, link } = await setup(() => {
    throw new WeftError("NOT_FOUND", 'Cannot find command "message.send"');
  });
  const item = broker.enqueue({ agent: "A", text: "q", sender: "p3", origin: "send" });
  run(
    db,
    `INSERT INTO outbox (item, sender, recipient, text, state, created_at)
      VALUES (?, 'A', 'p3', 'answer', 'pending', 0)`,
    item.id,
  );
  await link.deliver(1);
  const kept = row<{ state: string; note: string }>(db, "SELECT * FROM outbox")!;
  deepStrictEqual([kept.state, kept.note], [
    "undelivered",
    "the messaging plugin is not running: the reply is kept here",
  ]);
  strictEqual(await link.register("A"), "no messaging");
});

Deno.test("MessagingLink waits for a send under way before taking an answer to it", async () => {
  let answer!: (value: unknown) => void;
  const { db, broker, link } = await setup((name) =>
    name === "message.send" ? new Promise((resolve) => (answer = resolve)) : {}
  );
  const first = broker.enqueue({ agent: "A", text: "q", sender: "p3", origin: "message" });
  run(db, "UPDATE items SET state = 'done' WHERE id = ?", first.id);
  run(
    db,
    `INSERT INTO outbox (item, sender, recipient, text, state, created_at)
      VALUES (?, 'A', 'p3', 'answer', 'pending', 0)`,
    first.id,
  );
  const sending = link.deliver(1);
  // The answer to the reply arrives before message.send has said the reply's id.
  const taking = link.received({ id: "m2", from: "p3", to: "A", content: "ok?", reply_to: "r1" });
  answer({ message_id: "r1" });
  await Promise.all([sending, taking]);
  const second = row<Item>(db, "SELECT * FROM items WHERE message_id = 'm2'")!;
  deepStrictEqual([second.conversation, second.hop], [first.conversation, 3]);
});
