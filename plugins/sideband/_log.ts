/**
 * Each pane's sideband log: every command found, run, refused or failed, with the reason, and
 * every parse error. A ring of the last entries per pane.
 *
 * @module
 */

/** What became of a command. */
export type Outcome = "ran" | "refused" | "failed" | "invalid";

/** One log entry. */
export interface LogEntry {
  /** A number that grows across all panes (for ordering and `since`). */
  seq: number;
  time: string;
  pane: string;
  outcome: Outcome;
  /** The tag as named in switches: `spawn`, `control:close`, … (absent for a parse error). */
  tag?: string;
  /** `xml` or `osc`, and whether it was read from the screen or the byte stream. */
  form?: "xml" | "osc";
  source: "stream" | "screen";
  /** The bus command called. */
  command?: string;
  input?: Record<string, unknown>;
  /** Why it was refused, failed or could not be read. */
  reason?: string;
  /** The error code of a failure. */
  code?: string;
  /** A query's answer (or a short summary of another command's result). */
  value?: unknown;
  /** The text as written (at most 500 characters). */
  raw: string;
}

const MAX_VALUE = 16 * 1024;

/** The logs of every pane. */
export class SidebandLog {
  #size: number;
  #seq = 0;
  #panes = new Map<string, LogEntry[]>();

  constructor(size: number) {
    this.#size = size;
  }

  /** Adds an entry; returns it complete. */
  add(entry: Omit<LogEntry, "seq" | "time">): LogEntry {
    const full: LogEntry = {
      seq: ++this.#seq,
      time: new Date().toISOString(),
      ...entry,
      raw: entry.raw.slice(0, 500),
      ...("value" in entry ? { value: bounded(entry.value) } : {}),
    };
    const list = this.#panes.get(entry.pane) ?? [];
    list.push(full);
    if (list.length > this.#size) list.splice(0, list.length - this.#size);
    this.#panes.set(entry.pane, list);
    return full;
  }

  /** A pane's entries, oldest first: all, or the last `limit`, or those after `since`. */
  entries(pane: string, options: { limit?: number; since?: number } = {}): LogEntry[] {
    const list = (this.#panes.get(pane) ?? []).filter((e) => e.seq > (options.since ?? 0));
    return options.limit === undefined ? list : list.slice(-options.limit);
  }
}

/** A value small enough to keep: its JSON up to 16 KiB, else a note saying how large it was. */
function bounded(value: unknown): unknown {
  const json = JSON.stringify(value ?? null);
  if (json.length <= MAX_VALUE) return value;
  return { truncated: true, bytes: json.length, start: json.slice(0, MAX_VALUE) };
}
