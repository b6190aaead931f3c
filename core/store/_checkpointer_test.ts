import { strictEqual } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Checkpointer } from "./_checkpointer.ts";
import { eventually } from "../../tests/helpers/poll.ts";

/** A Worker's start can take seconds on a loaded machine (it failed at 10 s under load 20). */
const SLOW = { timeoutMs: 45_000 };

/**
 * Removes the test's folder once a Worker just ended has let go of it: `terminate()` returns
 * before the Worker's thread stops, and a checkpoint it was in may still create the file's
 * `-wal`/`-shm` (a fresh-machine gate failed on "Directory not empty").
 */
async function removeDir(dir: string): Promise<void> {
  for (let tries = 1;; tries++) {
    try {
      return await Deno.remove(dir, { recursive: true });
    } catch (err) {
      if (tries === 20) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

Deno.test("Checkpointer ends its Worker once nothing is written, and starts it again for a change", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-checkpointer-" });
  const file = join(dir, "w.db");
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL; CREATE TABLE t (v TEXT)");
  const checkpointer = new Checkpointer(file, 20);
  try {
    db.exec("INSERT INTO t VALUES ('a')");
    checkpointer.changed();
    await eventually("the Worker to start", () => checkpointer.starts === 1, SLOW);
    // Quiet: the next tick after its checkpoint ends the Worker.
    await eventually("the Worker to end", () => !checkpointer.running, SLOW);
    db.exec("INSERT INTO t VALUES ('b')");
    checkpointer.changed();
    // A Worker that starts, checkpoints and ends between two polls still counts: the test waits
    // on the count, not on catching it running (CI missed one that way).
    await eventually("the Worker to start again", () => checkpointer.starts === 2, SLOW);
    await eventually("the Worker to end again", () => !checkpointer.running, SLOW);
    strictEqual(db.prepare("SELECT count(*) AS n FROM t").get()!.n, 2);
  } finally {
    checkpointer.stop();
    db.close();
    await removeDir(dir);
  }
});

Deno.test("Checkpointer starts no Worker while the server is busy, until a change waited maxDeferMs", async () => {
  const dir = await Deno.makeTempDir({ prefix: "weft-checkpointer-" });
  const file = join(dir, "w.db");
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL; CREATE TABLE t (v TEXT)");
  let idle = 0;
  const checkpointer = new Checkpointer(file, 20, {
    idleMs: () => idle,
    quietMs: 1000,
    maxDeferMs: 60_000,
  });
  try {
    db.exec("INSERT INTO t VALUES ('a')");
    checkpointer.changed();
    // Busy (a keystroke's echo would wait behind `new Worker`): ten ticks, no Worker.
    await new Promise((r) => setTimeout(r, 200));
    strictEqual(checkpointer.starts, 0);
    idle = 1500; // quiet now: the next tick starts it
    await eventually("the Worker to start once quiet", () => checkpointer.starts === 1, SLOW);
  } finally {
    checkpointer.stop();
  }
  // Never quiet, but the change waited long enough: it starts anyway.
  const forced = new Checkpointer(file, 20, { idleMs: () => 0, maxDeferMs: 100 });
  try {
    db.exec("INSERT INTO t VALUES ('b')");
    forced.changed();
    await eventually("the Worker to start after maxDeferMs", () => forced.starts === 1, SLOW);
  } finally {
    forced.stop();
    db.close();
    await removeDir(dir);
  }
});
