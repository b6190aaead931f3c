/**
 * The store's checkpointer, in a Worker: copying the WAL back into the file syncs it to disk,
 * which can take tens of milliseconds on a busy disk; here that never holds the server's event
 * loop. Its own connection checkpoints without blocking the server's writes.
 *
 * @module
 */

/// <reference lib="deno.worker" />

import { DatabaseSync } from "node:sqlite";

let db: DatabaseSync | undefined;

self.onmessage = (event: MessageEvent<{ file: string } | "checkpoint">) => {
  try {
    if (event.data === "checkpoint") {
      db?.exec("PRAGMA wal_checkpoint(PASSIVE)");
    } else {
      db = new DatabaseSync(event.data.file);
      db.exec("PRAGMA busy_timeout = 1000");
      db.exec("PRAGMA wal_checkpoint(PASSIVE)");
    }
  } catch {
    // A checkpoint that cannot run now runs next time; the WAL keeps every change meanwhile.
  }
  self.postMessage("done");
};
