import { RPC_ERRORS } from "./rpc_errors.ts";
import type {
  JsonRpcErrorObject,
  JsonRpcFailure,
  JsonRpcId,
  JsonRpcMessage,
  JsonRpcRequest,
} from "./types.ts";

/** What {@link parseMessage} returns: a checked message, or the error reply to send back. */
export type ParsedMessage = { message: JsonRpcMessage } | { error: JsonRpcFailure };

type Json = Record<string, unknown>;

/**
 * Reads one line as a JSON-RPC 2.0 message and checks its shape; never throws. Bad JSON gives
 * a `PARSE_ERROR` (-32700) reply with id null; a well-formed value that is not a valid request
 * or response gives an `INVALID_REQUEST` (-32600) reply, echoing the id when it could be read.
 * Batches (arrays) are refused: weft does not support them, so each call is its own line. The
 * error's `data.code` carries the weft code `INVALID_INPUT`. The message returned holds only the
 * members JSON-RPC defines.
 *
 * @example
 * ```ts
 * import { parseMessage } from "./parse_message.ts";
 * const ok = parseMessage('{"jsonrpc":"2.0","id":7,"method":"pane.list"}');
 * console.assert("message" in ok && "method" in ok.message);
 * const bad = parseMessage("[]");
 * console.assert("error" in bad && bad.error.error.code === -32600);
 * ```
 */
export function parseMessage(line: string): ParsedMessage {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return fail(
      null,
      RPC_ERRORS.PARSE_ERROR,
      `Cannot parse message: it is not valid JSON (${reason})`,
    );
  }
  if (Array.isArray(value)) return invalid(null, "batches are not supported");
  if (typeof value !== "object" || value === null) return invalid(null, "it must be a JSON object");
  const obj = value as Json;
  const id = isId(obj.id) ? obj.id : null;
  if (obj.jsonrpc !== "2.0") return invalid(id, 'jsonrpc must be "2.0"');
  if ("id" in obj && !isId(obj.id)) return invalid(null, "id must be a string, a number or null");
  if ("method" in obj) return request(obj, id);
  if ("result" in obj || "error" in obj) return response(obj, id);
  return invalid(id, "it has no method, result or error");
}

function request(obj: Json, id: JsonRpcId): ParsedMessage {
  if (typeof obj.method !== "string" || obj.method === "") {
    return invalid(id, "method must be a non-empty string");
  }
  if ("result" in obj || "error" in obj) {
    return invalid(id, "a request cannot have a result or error");
  }
  const message: JsonRpcRequest = { jsonrpc: "2.0", method: obj.method };
  if ("id" in obj) message.id = id;
  if ("params" in obj) {
    if (typeof obj.params !== "object" || obj.params === null) {
      return invalid(id, "params must be an object or an array");
    }
    message.params = obj.params;
  }
  return { message };
}

function response(obj: Json, id: JsonRpcId): ParsedMessage {
  if (!("id" in obj)) return invalid(null, "a response must have an id");
  if ("result" in obj && "error" in obj) return invalid(id, "it has both result and error");
  if ("result" in obj) return { message: { jsonrpc: "2.0", id, result: obj.result } };
  const error = obj.error as Json;
  if (
    typeof error !== "object" || error === null || Array.isArray(error) ||
    !Number.isInteger(error.code) || typeof error.message !== "string"
  ) {
    return invalid(id, "error must be an object with an integer code and a string message");
  }
  const body: JsonRpcErrorObject = { code: error.code as number, message: error.message };
  if ("data" in error) body.data = error.data;
  return { message: { jsonrpc: "2.0", id, error: body } };
}

function isId(value: unknown): value is JsonRpcId {
  return value === null || typeof value === "string" ||
    (typeof value === "number" && Number.isFinite(value));
}

function invalid(id: JsonRpcId, problem: string): ParsedMessage {
  return fail(id, RPC_ERRORS.INVALID_REQUEST, `Cannot handle message: ${problem}`);
}

function fail(id: JsonRpcId, code: number, message: string): ParsedMessage {
  return {
    error: { jsonrpc: "2.0", id, error: { code, message, data: { code: "INVALID_INPUT" } } },
  };
}
