/**
 * What an MCP server needs from weft, whichever side of the control socket it runs on: calls
 * (attributed to the MCP client) and events. The plugin's Worker implements it with its
 * context; the `weft mcp` stdio bridge with a control-socket client.
 *
 * @module
 */

import type { EventFilter, WeftEvent } from "../../protocols/bus/events.ts";
import type { Reply } from "../../protocols/bus/reply.ts";
import type { CallInput, CoreCalls, CoreCommand, NotCore } from "../../protocols/bus/calls.ts";
import { toErrorBody } from "../../protocols/bus/errors.ts";

/** weft as an MCP server sees it. */
export interface McpHost {
  /** Calls a bus command for the MCP client; never throws. */
  call<N extends CoreCommand>(name: N, input: CallInput<N>): Promise<Reply<CoreCalls[N]>>;
  call<T = unknown, N extends string = string>(
    name: N & NotCore<N>,
    input: unknown,
  ): Promise<Reply<T>>;
  /** Receives events; resolves to the function that stops them. */
  subscribe(filter: EventFilter, listener: (event: WeftEvent) => void): Promise<() => void>;
}

/**
 * Turns a call that throws into one that replies.
 *
 * @example
 * ```ts
 * import { replyOf } from "./host.ts";
 * const reply = await replyOf(Promise.reject(new Error("boom")));
 * console.assert(!reply.ok && reply.error.code === "INTERNAL");
 * ```
 */
export async function replyOf<T>(call: Promise<T>): Promise<Reply<T>> {
  try {
    return { ok: true, value: await call };
  } catch (err) {
    return { ok: false, error: toErrorBody(err) };
  }
}
