/**
 * Errors that cross a boundary (socket, MCP, Worker) carry a stable code, a message in one
 * grammar (`Cannot split pane "p3": pane has exited`) and optional data.
 *
 * @module
 */

/** Every stable error code a weft reply can carry. */
export const ERROR_CODES = [
  "NOT_FOUND",
  "TARGET_NOT_FOUND",
  "DENIED",
  "INVALID_INPUT",
  "TIMEOUT",
  "CONFLICT",
  "PLUGIN_CRASHED",
  "SPAWN_FAILED",
  "PANE_EXITED",
  "BUSY_HUMAN",
  "TOO_LARGE",
  "CANCELLED",
  "UNAVAILABLE",
  "RATE_LIMITED",
  /** A dialog changed between the read and the answer: nothing was typed (`pane.answer`). */
  "STALE",
  /** An answer was typed but its dialog still shows (`pane.answer`). */
  "NOT_CLEARED",
  /** A target names a host (`buildbox/p3`) that no route reaches: see `core/bus/route.ts`. */
  "UNKNOWN_HOST",
  /** A target's host is known but does not answer now (its server or link is down). */
  "HOST_UNREACHABLE",
  "INTERNAL",
] as const;

/** A stable error code. */
export type ErrorCode = typeof ERROR_CODES[number];

/** The wire form of an error: what `{ok: false, error}` carries. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  data?: unknown;
}

/**
 * An error with a stable code, safe to send over any door.
 *
 * @example
 * ```ts
 * import { WeftError } from "./errors.ts";
 * const err = new WeftError("NOT_FOUND", 'Cannot find pane "p9"');
 * console.assert(err.toBody().code === "NOT_FOUND");
 * ```
 */
export class WeftError extends Error {
  readonly code: ErrorCode;
  readonly data: unknown;

  constructor(code: ErrorCode, message: string, data?: unknown) {
    super(message);
    this.name = "WeftError";
    this.code = code;
    this.data = data;
  }

  /** The structured-cloneable body sent on the wire. */
  toBody(): ErrorBody {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }

  /** Rebuilds an error from its wire body. */
  static fromBody(body: ErrorBody): WeftError {
    return new WeftError(body.code, body.message, body.data);
  }
}

/** Turns anything thrown into a wire body; unknown errors become `INTERNAL`. */
export function toErrorBody(err: unknown): ErrorBody {
  if (err instanceof WeftError) return err.toBody();
  if (err instanceof DOMException && err.name === "AbortError") {
    return { code: "CANCELLED", message: "Cannot finish the call: it was cancelled" };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: "INTERNAL", message };
}
