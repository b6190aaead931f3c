/**
 * A reply: a value or an error, never a throw. What the bus answers every call with, on every
 * door.
 *
 * @module
 */

import type { ErrorBody } from "./errors.ts";

/** A call's value, or the error it failed with. */
export type Reply<T = unknown> = { ok: true; value: T } | { ok: false; error: ErrorBody };
