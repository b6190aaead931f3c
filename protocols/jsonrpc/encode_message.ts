import type { JsonRpcMessage } from "./types.ts";

/**
 * One message as a line: its JSON followed by `\n`. JSON never holds a raw newline, so the
 * line cannot break early. A success whose result is `undefined` is sent with `null`, since
 * JSON would otherwise drop the member. Values JSON cannot hold (a BigInt, a cycle) throw a
 * `TypeError`: that is the caller's bug.
 *
 * @example
 * ```ts
 * import { encodeMessage } from "./encode_message.ts";
 * const line = encodeMessage({ jsonrpc: "2.0", id: 1, method: "pane.list" });
 * console.assert(line === '{"jsonrpc":"2.0","id":1,"method":"pane.list"}\n');
 * ```
 */
export function encodeMessage(message: JsonRpcMessage): string {
  const fixed = "result" in message && message.result === undefined
    ? { ...message, result: null }
    : message;
  return JSON.stringify(fixed) + "\n";
}
