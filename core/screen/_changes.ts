/**
 * A screen's change records: which lines each revision touched, so a `since` read gets only
 * the lines that changed after it.
 *
 * @module
 */

/** Revisions remembered one by one for `since` reads; older ones are merged into the first. */
const CHANGE_RECORDS = 512;

interface Change {
  revision: number;
  from: number;
  to: number;
  /** This revision was handed out (so it may come back as a `since`): keep it as a boundary. */
  seen?: boolean;
}

/** The change records of one screen, newest last. */
export class ChangeLog {
  #changes: Change[] = [];

  /** Revision `revision` touched lines `from` to `to` (an empty span: only the cursor moved). */
  record(revision: number, from: number, to: number): void {
    this.#changes.push({ revision, from, to });
    if (this.#changes.length > CHANGE_RECORDS) mergeOne(this.#changes);
  }

  /** The current revision, marked as handed out. */
  seen(revision: number): number {
    const last = this.#changes.at(-1);
    if (last?.revision === revision) last.seen = true;
    return revision;
  }

  /** The span of lines changed after `revision` (the screen is at `current`), or null for none. */
  since(revision: number, current: number): { from: number; to: number } | null {
    if (revision >= current) return null;
    let from = Infinity;
    let to = -Infinity;
    for (let k = this.#changes.length - 1; k >= 0; k--) {
      const change = this.#changes[k]!;
      if (change.revision <= revision) break;
      if (change.from >= change.to) continue;
      from = Math.min(from, change.from);
      to = Math.max(to, change.to);
    }
    return from < to ? { from, to } : null;
  }
}

/**
 * Folds a change record into the next one, so every revision stays covered: a `since` that
 * falls inside a folded record gets a wider span, never a missed change. The oldest record
 * whose revision was never handed out goes first, so the `since` values callers can hold stay
 * exact as long as possible.
 */
function mergeOne(changes: Change[]): void {
  let i = changes.findIndex((c, k) => !c.seen && k < changes.length - 1);
  if (i < 0) i = 0;
  const a = changes[i]!;
  const b = changes[i + 1]!;
  const spans = [a, b].filter((c) => c.from < c.to);
  changes.splice(i, 2, {
    revision: b.revision,
    from: Math.min(...spans.map((c) => c.from)),
    to: Math.max(...spans.map((c) => c.to)),
    seen: b.seen === true,
  });
}
