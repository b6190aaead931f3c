/**
 * The terminal side of the Program Status Protocol: the records a program has reported, as
 * {@link parseStatus} reads them. A report replaces its record whole; `clear` removes one
 * child or everything.
 *
 * @module
 */

import type { StatusMessage, StatusRecord } from "./parse_status.ts";

/** Most child records kept; reports for more children are dropped. */
export const MAX_STATUS_CHILDREN = 64;

/**
 * A program's status records.
 *
 * @example
 * ```ts
 * import { parseStatus } from "./parse_status.ts";
 * import { StatusRecords } from "./status_records.ts";
 * const records = new StatusRecords();
 * records.apply(parseStatus("state=working:app=claude-code"));
 * records.apply(parseStatus("state=working:id=agent-1:title=dGVzdHM="));
 * console.assert(records.root?.state === "working" && records.children[0]?.title === "tests");
 * records.apply(parseStatus("state=clear"));
 * console.assert(records.root === undefined && records.live === false);
 * ```
 */
export class StatusRecords {
  #root: StatusRecord | undefined;
  #children = new Map<string, StatusRecord>();

  /** The program's own record. */
  get root(): StatusRecord | undefined {
    return this.#root;
  }

  /** Child records (background tasks), oldest first. */
  get children(): StatusRecord[] {
    return [...this.#children.values()];
  }

  /** Whether any record stands. */
  get live(): boolean {
    return this.#root !== undefined || this.#children.size > 0;
  }

  /** Applies a report or a clear; returns whether anything changed. Queries change nothing. */
  apply(message: StatusMessage): boolean {
    if (message.type === "report") {
      const record = message.record;
      if (record.id === undefined) {
        const same = sameRecord(this.#root, record);
        this.#root = record;
        return !same;
      }
      const before = this.#children.get(record.id);
      if (!before && this.#children.size >= MAX_STATUS_CHILDREN) return false;
      this.#children.set(record.id, record);
      return !sameRecord(before, record);
    }
    if (message.type === "clear") {
      if (message.id !== undefined) return this.#children.delete(message.id);
      const had = this.live;
      this.#root = undefined;
      this.#children.clear();
      return had;
    }
    return false;
  }
}

function sameRecord(a: StatusRecord | undefined, b: StatusRecord): boolean {
  if (!a) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof StatusRecord>;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}
