/**
 * The store's change log, `weft.db-log` beside `weft.db`: what makes a reply durable. A SQLite
 * commit costs tens of microseconds (a transaction, a page per changed row, locks); appending
 * one line to a file costs one `write`, and once `write` returns the change is the kernel's, so
 * a `kill -9` cannot lose it (the same promise as the WAL's unsynced commits). The writer
 * appends each batch of changed documents here before a reply, and moves them into SQLite a few
 * tens of milliseconds later, many batches in one transaction, which records the last sequence
 * number it holds (`meta.logSeq`) before the log is emptied. Opening the store replays the
 * lines past that number. A line is `[seq, [[table, key, document] or [table, key] (removed), …]]`,
 * each document as it is (already JSON), not quoted again.
 *
 * @module
 */

import type { DocChange, DocTable } from "./db.ts";

/** One appended batch. */
export interface LogEntry {
  seq: number;
  docs: DocChange[];
}

const encoder = new TextEncoder();

/**
 * An open log, appended to by the writer.
 *
 * @example
 * ```ts
 * import { Journal, readJournal } from "./_journal.ts";
 * const file = Deno.makeTempFileSync();
 * const log = Journal.open(file, 0);
 * log.append([{ table: "meta", key: "current", data: '"s1"' }]);
 * console.assert(readJournal(file, 0)[0]!.seq === 1);
 * log.close();
 * ```
 */
export class Journal {
  readonly path: string;
  #file: Deno.FsFile;
  #seq: number;
  #empty = true;
  #buffer = new Uint8Array(16384);

  private constructor(path: string, file: Deno.FsFile, seq: number) {
    this.path = path;
    this.#file = file;
    this.#seq = seq;
  }

  /** Opens (creating, 0600) the log; the next entry is numbered `afterSeq + 1`. */
  static open(path: string, afterSeq: number): Journal {
    const file = Deno.openSync(path, { append: true, create: true, mode: 0o600 });
    // `mode` applies to a new file only: one that was there keeps its own otherwise.
    try {
      Deno.chmodSync(path, 0o600);
    } catch { /* not ours to change: the open said we may write it */ }
    return new Journal(path, file, afterSeq);
  }

  /** The last sequence number appended. */
  get seq(): number {
    return this.#seq;
  }

  /** Appends one batch with one `write`; returns its sequence number once the kernel has it. */
  append(docs: readonly DocChange[]): number {
    const seq = this.#seq + 1;
    let line = `[${seq},[`;
    for (let i = 0; i < docs.length; i++) {
      const { table, key, data } = docs[i]!;
      line += `${i ? "," : ""}["${table}",${JSON.stringify(key)}${
        data === null ? "" : `,${data}`
      }]`;
    }
    line += "]]\n";
    // Encoded into one buffer kept for the next line: a new one per line is garbage to collect.
    if (this.#buffer.length < line.length * 3) this.#buffer = new Uint8Array(line.length * 3);
    const bytes = this.#buffer.subarray(0, encoder.encodeInto(line, this.#buffer).written);
    let written = 0;
    while (written < bytes.length) written += this.#file.writeSync(bytes.subarray(written));
    this.#seq = seq;
    this.#empty = false;
    return seq;
  }

  /** Empties the log: everything in it is in the database now. */
  reset(): void {
    if (this.#empty) return;
    this.#file.truncateSync(0);
    this.#empty = true;
  }

  /** Closes the file. */
  close(): void {
    this.#file.close();
  }
}

/**
 * The entries of the log at `path` numbered after `afterSeq`, in order; none when there is no
 * log. Reading stops at a line that does not parse (a write the OS never finished).
 */
export function readJournal(path: string, afterSeq: number): LogEntry[] {
  let text: string;
  try {
    text = Deno.readTextFileSync(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return [];
    throw err;
  }
  const out: LogEntry[] = [];
  for (const line of text.split("\n")) {
    if (!line) continue;
    let entry: LogEntry;
    try {
      const [seq, docs] = JSON.parse(line) as [number, [DocTable, string, unknown?][]];
      entry = {
        seq,
        docs: docs.map((d) => ({
          table: d[0],
          key: d[1],
          data: d.length > 2 ? JSON.stringify(d[2]) : null,
        })),
      };
    } catch {
      break;
    }
    if (entry.seq > afterSeq) out.push(entry);
  }
  return out;
}

/** The documents of several entries, later ones winning, in a single list. */
export function mergedDocs(entries: readonly LogEntry[]): DocChange[] {
  const merged = new Map<string, DocChange>();
  for (const e of entries) for (const d of e.docs) merged.set(`${d.table}\0${d.key}`, d);
  return [...merged.values()];
}
