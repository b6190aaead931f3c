import { ERROR_CODES, type ErrorBody, type ErrorCode } from "../bus/errors.ts";
import type { JsonRpcErrorObject } from "./types.ts";

/**
 * JSON-RPC error codes: the five the spec defines, then weft's own in the server range
 * -32000..-32099, one per stable weft code. The weft code string also travels in `data.code`,
 * which is what {@link rpcToError} trusts first.
 */
export const RPC_ERRORS = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  /** A weft error whose code this build does not know. */
  SERVER_ERROR: -32000,
  NOT_FOUND: -32001,
  TARGET_NOT_FOUND: -32002,
  DENIED: -32003,
  TIMEOUT: -32004,
  CONFLICT: -32005,
  PLUGIN_CRASHED: -32006,
  SPAWN_FAILED: -32007,
  PANE_EXITED: -32008,
  BUSY_HUMAN: -32009,
  TOO_LARGE: -32010,
  CANCELLED: -32011,
  UNAVAILABLE: -32012,
  RATE_LIMITED: -32013,
  UNKNOWN_HOST: -32014,
  STALE: -32015,
  NOT_CLEARED: -32016,
  HOST_UNREACHABLE: -32017,
} as const;

// A Record over ErrorCode, so a new weft code does not compile until it has a number here.
const TO_RPC: Record<ErrorCode, number> = {
  NOT_FOUND: RPC_ERRORS.NOT_FOUND,
  TARGET_NOT_FOUND: RPC_ERRORS.TARGET_NOT_FOUND,
  DENIED: RPC_ERRORS.DENIED,
  INVALID_INPUT: RPC_ERRORS.INVALID_PARAMS,
  TIMEOUT: RPC_ERRORS.TIMEOUT,
  CONFLICT: RPC_ERRORS.CONFLICT,
  PLUGIN_CRASHED: RPC_ERRORS.PLUGIN_CRASHED,
  SPAWN_FAILED: RPC_ERRORS.SPAWN_FAILED,
  PANE_EXITED: RPC_ERRORS.PANE_EXITED,
  BUSY_HUMAN: RPC_ERRORS.BUSY_HUMAN,
  TOO_LARGE: RPC_ERRORS.TOO_LARGE,
  CANCELLED: RPC_ERRORS.CANCELLED,
  UNAVAILABLE: RPC_ERRORS.UNAVAILABLE,
  RATE_LIMITED: RPC_ERRORS.RATE_LIMITED,
  UNKNOWN_HOST: RPC_ERRORS.UNKNOWN_HOST,
  STALE: RPC_ERRORS.STALE,
  NOT_CLEARED: RPC_ERRORS.NOT_CLEARED,
  HOST_UNREACHABLE: RPC_ERRORS.HOST_UNREACHABLE,
  INTERNAL: RPC_ERRORS.INTERNAL_ERROR,
};

const FROM_RPC = new Map<number, ErrorCode>([
  ...Object.entries(TO_RPC).map(([code, n]) => [n, code as ErrorCode] as const),
  [RPC_ERRORS.PARSE_ERROR, "INVALID_INPUT"],
  [RPC_ERRORS.INVALID_REQUEST, "INVALID_INPUT"],
  [RPC_ERRORS.METHOD_NOT_FOUND, "NOT_FOUND"],
]);

/** The error object of a reply built by {@link errorToRpc}. */
export interface WeftRpcError {
  code: number;
  message: string;
  data: { code: string; data?: unknown };
}

/**
 * A weft error body as a JSON-RPC error object. `NOT_FOUND` for an unknown command (its data
 * has a `name`) becomes `METHOD_NOT_FOUND`; `INVALID_INPUT` becomes `INVALID_PARAMS`;
 * `INTERNAL` becomes `INTERNAL_ERROR`; every other code has its own number in -32000..-32099.
 * The weft code and data travel in `data`.
 *
 * @example
 * ```ts
 * import { errorToRpc, RPC_ERRORS } from "./rpc_errors.ts";
 * const rpc = errorToRpc({ code: "DENIED", message: "Cannot call \"pane.kill\"" });
 * console.assert(rpc.code === RPC_ERRORS.DENIED && rpc.data.code === "DENIED");
 * ```
 */
export function errorToRpc(body: ErrorBody): WeftRpcError {
  const data = body.data === undefined ? { code: body.code } : { code: body.code, data: body.data };
  const unknownCommand = body.code === "NOT_FOUND" && typeof body.data === "object" &&
    body.data !== null && "name" in body.data;
  const code = unknownCommand
    ? RPC_ERRORS.METHOD_NOT_FOUND
    : (TO_RPC[body.code] ?? RPC_ERRORS.SERVER_ERROR);
  return { code, message: body.message, data };
}

/**
 * A JSON-RPC error object back as a weft error body, for clients. The weft code in `data.code`
 * wins; without one (a foreign server) the number decides, and unknown numbers become
 * `INTERNAL`, keeping the original data.
 *
 * @example
 * ```ts
 * import { errorToRpc, rpcToError } from "./rpc_errors.ts";
 * const body = { code: "TIMEOUT" as const, message: "Cannot wait: timed out" };
 * console.assert(rpcToError(errorToRpc(body)).code === "TIMEOUT");
 * console.assert(rpcToError({ code: -32601, message: "no such method" }).code === "NOT_FOUND");
 * ```
 */
export function rpcToError(error: JsonRpcErrorObject): ErrorBody {
  const message = typeof error.message === "string" ? error.message : String(error.message);
  const data = error.data;
  if (isWeftData(data)) {
    return "data" in data && data.data !== undefined
      ? { code: data.code, message, data: data.data }
      : { code: data.code, message };
  }
  const code = FROM_RPC.get(error.code) ?? "INTERNAL";
  return data === undefined ? { code, message } : { code, message, data };
}

function isWeftData(data: unknown): data is { code: ErrorCode; data?: unknown } {
  return typeof data === "object" && data !== null && "code" in data &&
    (ERROR_CODES as readonly unknown[]).includes(data.code);
}
