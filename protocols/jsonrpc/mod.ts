/**
 * JSON-RPC 2.0 over lines, the framing of weft's control socket: one JSON object per
 * `\n`-terminated line. Pure codecs, no I/O: {@link LineDecoder} cuts bytes into lines,
 * {@link parseMessage} checks a line, {@link encodeMessage} writes one, and
 * {@link errorToRpc} / {@link rpcToError} map weft's error bodies to JSON-RPC errors and back.
 * Batches (JSON arrays) are not supported: {@link parseMessage} answers them with an
 * `INVALID_REQUEST` error saying so.
 *
 * @example
 * ```ts
 * import { encodeMessage, LineDecoder, parseMessage } from "./mod.ts";
 * const decoder = new LineDecoder();
 * const bytes = new TextEncoder().encode(encodeMessage({ jsonrpc: "2.0", id: 1, result: 42 }));
 * const [decoded] = decoder.push(bytes);
 * const parsed = decoded && "line" in decoded ? parseMessage(decoded.line) : undefined;
 * console.assert(parsed !== undefined && "message" in parsed);
 * ```
 *
 * @module
 */

export type {
  JsonRpcErrorObject,
  JsonRpcFailure,
  JsonRpcId,
  JsonRpcMessage,
  JsonRpcRequest,
  JsonRpcSuccess,
} from "./types.ts";
export { LineDecoder } from "./line_decoder.ts";
export type { DecodedLine, LineDecoderOptions } from "./line_decoder.ts";
export { parseMessage } from "./parse_message.ts";
export type { ParsedMessage } from "./parse_message.ts";
export { encodeMessage } from "./encode_message.ts";
export { errorToRpc, RPC_ERRORS, rpcToError } from "./rpc_errors.ts";
export type { WeftRpcError } from "./rpc_errors.ts";
