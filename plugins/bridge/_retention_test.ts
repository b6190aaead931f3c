import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { openDb, rows, run } from "./_db.ts";
import { pruneHistory, pruneRuns, type Retention } from "./_retention.ts";

const DAY = 86_400_000;
const KEEP: Retention = { keepMs: 7 * DAY, keepItems: 3, runsBytes: 1000 };

Deno.test("pruneHistory() drops finished messages past their age or count, and theirs", async () => {
  const dir = await Deno.makeTempDir();
  const db = openDb(dir);
  try {
    const now = Date.now();
    const item = (id: string, state: string, doneAt: number | null) => {
      run(
        db,
        `INSERT INTO items (id, agent, text, origin, conversation, hop, max_hops, state,
           created_at, done_at) VALUES (?, 'a', 'text', 'test', 'c', 0, 20, ?, 0, ?)`,
        id,
        state,
        doneAt,
      );
      run(
        db,
        `INSERT INTO turns (item, agent, attempt, try, state, started_at)
           VALUES (?, 'a', ?, 1, ?, 0)`,
        id,
        `${id}-1`,
        state === "running" ? "running" : "ok",
      );
      run(
        db,
        `INSERT INTO outbox (item, sender, recipient, text, state, created_at)
           VALUES (?, 'a', 'b', 'reply', 'sent', 0)`,
        id,
      );
    };
    item("old-done", "done", now - 8 * DAY);
    item("old-dead", "dead", now - 30 * DAY);
    item("queued", "queued", null);
    item("running", "running", null);
    for (let i = 1; i <= 5; i++) item(`new-${i}`, "done", now - i * 1000);
    assertEquals(pruneHistory(db, KEEP, now), 4);
    const left = rows<{ id: string }>(db, "SELECT id FROM items ORDER BY seq").map((r) => r.id);
    // The queued and running ones stay whatever their age; of the finished, the newest 3.
    assertEquals(left, ["queued", "running", "new-3", "new-4", "new-5"]);
    assertEquals(rows(db, "SELECT item FROM turns").length, 5);
    assertEquals(rows(db, "SELECT item FROM outbox").length, 5);
    assertEquals(pruneHistory(db, KEEP, now), 0);
  } finally {
    db.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("pruneRuns() drops old try files and the oldest past the byte cap, never young ones", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const now = Date.now();
    const file = async (name: string, bytes: number, ageMs: number) => {
      await Deno.writeFile(`${dir}/${name}`, new Uint8Array(bytes));
      const at = new Date(now - ageMs);
      await Deno.utime(`${dir}/${name}`, at, at);
    };
    await file("old.jsonl", 10, 8 * DAY);
    await file("a.jsonl", 400, 3 * 60_000);
    await file("b.jsonl", 400, 4 * 60_000);
    await file("c.jsonl", 400, 5 * 60_000);
    // Running now: kept though over the cap alone, and counted: a, b and c are past the cap.
    await file("young.jsonl", 5000, 1000);
    assertEquals(await pruneRuns(dir, KEEP, now), 4);
    const left = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
    assertEquals(left, ["young.jsonl"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
