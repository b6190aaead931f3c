/**
 * The JSON-RPC 2.0 message shapes spoken on weft's control socket.
 *
 * @module
 */

/** A request id; a request without one is a notification and gets no reply. */
export type JsonRpcId = string | number | null;

/** A call (with `id`) or a notification (without). */
export interface JsonRpcRequest {
  jsonrpc: "2.0";
  id?: JsonRpcId;
  method: string;
  params?: unknown;
}

/** The error object of a failed call. */
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** A reply carrying a result. */
export interface JsonRpcSuccess {
  jsonrpc: "2.0";
  id: JsonRpcId;
  result: unknown;
}

/** A reply carrying an error. */
export interface JsonRpcFailure {
  jsonrpc: "2.0";
  id: JsonRpcId;
  error: JsonRpcErrorObject;
}

/** Any message on the wire. */
export type JsonRpcMessage = JsonRpcRequest | JsonRpcSuccess | JsonRpcFailure;
