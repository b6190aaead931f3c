/**
 * How long the bridge keeps what its turns left: each try's files (`runs/<attempt>.*`, its
 * stream-json for `bridge.tail`) and the finished history in its database (messages done or
 * dead, their turns, their sent replies). Both are bounded by age and by size, at start and
 * every hour after, so a busy agent's transcripts cannot fill the disk. Nothing queued or
 * running is touched, nor a file written in the last minute.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import { rows, run } from "./_db.ts";

/** What is kept. */
export interface Retention {
  /** Finished history and try files older than this go (ms). */
  keepMs: number;
  /** Most finished messages kept (newest first), whatever their age. */
  keepItems: number;
  /** Most bytes of try files kept (newest first). */
  runsBytes: number;
}

/** A file this young may belong to a try still running: never removed. */
const YOUNG_MS = 60_000;

/**
 * Removes old and excess try files from `dir`; returns how many.
 *
 * @example
 * ```ts ignore
 * await pruneRuns(".weft/data/bridge/runs", { keepMs: 7 * 86_400_000, keepItems: 10_000, runsBytes: 2 ** 28 });
 * ```
 */
export async function pruneRuns(
  dir: string,
  keep: Retention,
  now = Date.now(),
): Promise<number> {
  const files: { path: string; mtime: number; size: number }[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (!entry.isFile) continue;
    const path = `${dir}/${entry.name}`;
    const info = await Deno.stat(path).catch(() => undefined);
    if (info) files.push({ path, mtime: info.mtime?.getTime() ?? 0, size: info.size });
  }
  files.sort((a, b) => b.mtime - a.mtime);
  let bytes = 0;
  let removed = 0;
  for (const f of files) {
    bytes += f.size;
    const young = now - f.mtime < YOUNG_MS;
    if (young || (now - f.mtime <= keep.keepMs && bytes <= keep.runsBytes)) continue;
    await Deno.remove(f.path).then(() => removed++, () => {});
  }
  return removed;
}

/** Removes finished history past `keep`; returns how many messages went. */
export function pruneHistory(db: DatabaseSync, keep: Retention, now = Date.now()): number {
  const old = rows<{ id: string }>(
    db,
    `SELECT id FROM items WHERE state IN ('done', 'dead') AND (done_at < ? OR seq NOT IN (
       SELECT seq FROM items WHERE state IN ('done', 'dead') ORDER BY seq DESC LIMIT ?))`,
    now - keep.keepMs,
    keep.keepItems,
  );
  if (!old.length) return 0;
  db.exec("BEGIN");
  try {
    for (const { id } of old) {
      run(db, "DELETE FROM turns WHERE item = ? AND state != 'running'", id);
      run(db, "DELETE FROM outbox WHERE item = ? AND state = 'sent'", id);
      run(db, "DELETE FROM items WHERE id = ?", id);
    }
    db.exec("COMMIT");
  } catch (err) {
    db.exec("ROLLBACK");
    throw err;
  }
  return old.length;
}
