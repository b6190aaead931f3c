/**
 * Ids and unique names: looking a reference up, and checking a new name.
 *
 * @module
 */

import { WeftError } from "../../protocols/bus/errors.ts";
import { didYouMean } from "../../protocols/bus/suggest.ts";

/** Anything with an id and an optional unique name. */
export type Named = { id: string; name: string | null };

/** The kinds of object the model names. */
export type Kind = "session" | "window" | "pane";

/** The canonical id for an id or a name; `TARGET_NOT_FOUND` with a did-you-mean otherwise. */
export function lookup(kind: Kind, records: ReadonlyMap<string, Named>, ref: string): string {
  if (records.has(ref)) return ref;
  for (const record of records.values()) if (record.name === ref) return record.id;
  const known = [...records.values()].flatMap((r) => (r.name ? [r.id, r.name] : [r.id]));
  throw new WeftError("TARGET_NOT_FOUND", `Cannot find ${kind} "${ref}"${didYouMean(ref, known)}`, {
    kind,
    ref,
  });
}

/** Options of {@link checkName}. */
export interface CheckNameOptions {
  /** The record being renamed: its own name does not count as taken. */
  self?: string;
  /** What the name is for, in messages; default "a <kind>" (e.g. "the new session's pane"). */
  role?: string;
}

/** Throws unless `name` is well formed, not id-shaped, and not taken by another record. */
export function checkName(
  kind: Kind,
  records: ReadonlyMap<string, Named>,
  name: string,
  options: CheckNameOptions = {},
): void {
  const what = options.role ?? `a ${kind}`;
  const id = `${kind[0]}3`;
  if (!/^[A-Za-z0-9_][A-Za-z0-9_.:@+-]{0,63}$/.test(name) || /^[spw]\d+$/.test(name)) {
    throw new WeftError(
      "INVALID_INPUT",
      `Cannot name ${what} "${name}": use 1–64 letters, digits, _ . : @ + -, not an id like ${id}`,
      { kind, name },
    );
  }
  for (const r of records.values()) {
    if (r.name === name && r.id !== options.self) {
      throw new WeftError("CONFLICT", `Cannot name ${what} "${name}": ${r.id} has that name`, {
        kind,
        name,
      });
    }
  }
}
