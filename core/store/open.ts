/**
 * Opening a project's store at server start. A file that is damaged or from a newer weft is
 * moved aside (never deleted) and the server starts empty; a file that cannot be opened or
 * created (a read-only `.weft/`) leaves the server running without a store. Every outcome but
 * the plain one comes with a message that names the files.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";
import { StoreDb } from "./db.ts";
import { NewerSchemaError } from "./schema.ts";
import { mergedDocs, readJournal } from "./_journal.ts";
import type { SavedState } from "./saved.ts";

/** Options of {@link openStore}. */
export interface OpenStoreOptions {
  /** Keep the previous store as a dated file and start empty (`weft serve --fresh`). */
  fresh?: boolean;
  /** The clock for dated names (tests). */
  now?: () => Date;
}

/** What {@link openStore} found. */
export interface OpenedStore {
  /** The open file; undefined when none could be opened (the server runs without a store). */
  db: StoreDb | undefined;
  /** What the file held from a previous run (empty when new or moved aside). */
  saved: SavedState | undefined;
  /** What happened, for the server's log: one line each. */
  notices: string[];
}

/**
 * Opens (or creates) the store file, moving aside what cannot be used.
 *
 * @example
 * ```ts
 * import { openStore } from "./open.ts";
 * const dir = Deno.makeTempDirSync();
 * const { db, saved } = await openStore(`${dir}/weft.db`);
 * console.assert(db !== undefined && saved!.sessions.length === 0);
 * db!.close();
 * ```
 */
export async function openStore(
  file: string,
  options: OpenStoreOptions = {},
): Promise<OpenedStore> {
  const notices: string[] = [];
  const now = options.now ?? (() => new Date());
  const name = shown(file);
  if (options.fresh && await exists(file)) {
    const to = await moveAside(file, "", now());
    notices.push(`weft: starting fresh; the previous store is kept as ${shown(to)}`);
  }
  try {
    const db = await openPrivate(file);
    replayLog(db);
    return { db, saved: loadOrThrow(db), notices };
  } catch (err) {
    const why = err instanceof NewerSchemaError
      ? `was written by a newer weft (${err.message})`
      : isDamage(err)
      ? `is damaged (${(err as Error).message})`
      : undefined;
    if (!why) {
      const saved = readOnly(file);
      notices.push(
        `weft: cannot write the store ${name} (${(err as Error).message}): ` +
          (saved ? "restoring from it, but " : "") +
          "this run's sessions will not be saved; nothing was changed",
      );
      return { db: undefined, saved, notices };
    }
    let to: string;
    try {
      to = await moveAside(file, err instanceof NewerSchemaError ? ".newer" : ".damaged", now());
    } catch (moveErr) {
      notices.push(
        `weft: the store ${name} ${why} and cannot be moved aside (${
          (moveErr as Error).message
        }): this run's sessions will not be saved; nothing was changed`,
      );
      return { db: undefined, saved: undefined, notices };
    }
    notices.push(`weft: the store ${name} ${why}: moved it to ${shown(to)} and started empty`);
    return { ...await openStore(file, { now }), notices: [...notices] };
  }
}

/**
 * Opens the file, created 0600 first: SQLite gives a new `-wal` and `-shm` the file's mode.
 * Companions that exist already (and the change log) keep theirs unless made 0600 here.
 */
async function openPrivate(file: string): Promise<StoreDb> {
  try {
    (await Deno.open(file, { create: true, write: true, mode: 0o600 })).close();
    await Deno.chmod(file, 0o600);
  } catch { /* SQLite says what is wrong when it opens the file */ }
  for (const suffix of ["-wal", "-shm", "-log"]) {
    try {
      await Deno.chmod(file + suffix, 0o600);
    } catch { /* not there (made 0600 when it is), or not ours to change */ }
  }
  return StoreDb.open(file);
}

/**
 * Moves what the change log holds past the file's last entry into the file (a server that was
 * killed, or could not write the file, left it there), then empties the log. A log that cannot
 * be read is damage, as the file would be.
 */
function replayLog(db: StoreDb): void {
  const path = `${db.file}-log`;
  try {
    const entries = readJournal(path, db.logSeq());
    if (entries.length) {
      const docs = mergedDocs(entries);
      const gone = docs.filter((c) => c.table === "panes" && c.data === null);
      db.write(docs, gone.map((c) => ({ pane: c.key, screen: null })), entries.at(-1)!.seq);
    }
    Deno.truncateSync(path, 0);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return;
    db.close();
    throw new Error(`malformed change log ${basename(path)}: ${(err as Error).message}`);
  }
}

/** What the store holds, or undefined when it holds no session; a bad row is damage. */
function loadOrThrow(db: StoreDb): SavedState | undefined {
  try {
    const saved = db.load();
    return saved.sessions.length ? saved : undefined;
  } catch (err) {
    db.close();
    throw new Error(`malformed row: ${(err as Error).message}`);
  }
}

/** What a store we may not write holds, when it can be read at all. */
function readOnly(file: string): SavedState | undefined {
  let db: StoreDb | undefined;
  try {
    db = StoreDb.open(file, { readOnly: true });
    const saved = db.loadLogged();
    return saved.sessions.length ? saved : undefined;
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}

function isDamage(err: unknown): boolean {
  const message = String((err as Error)?.message ?? err);
  return /not a database|malformed|integrity check failed|corrupt/i.test(message);
}

/**
 * Renames the store and its `-wal`/`-shm`/`-log` companions to `weft-<UTC stamp><tag>.db` beside it
 * (the WAL keeps its committed changes: the three names stay a set). Returns the new name.
 */
export async function moveAside(file: string, tag: string, when: Date): Promise<string> {
  const stamp = when.toISOString().replace(/\.\d+Z$/, "Z").replaceAll(":", "-");
  const stem = basename(file).replace(/\.db$/, "");
  let to = join(dirname(file), `${stem}-${stamp}${tag}.db`);
  for (let n = 2; await exists(to); n++) to = join(dirname(file), `${stem}-${stamp}${tag}-${n}.db`);
  await Deno.rename(file, to);
  for (const suffix of ["-wal", "-shm", "-log"]) {
    try {
      await Deno.rename(file + suffix, to + suffix);
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
    }
  }
  return to;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** A path as messages show it: from the project's `.weft/` on. */
function shown(path: string): string {
  const at = path.lastIndexOf("/.weft/");
  return at >= 0 ? path.slice(at + 1) : path;
}
