/**
 * A mock of the Anthropic Messages API on 127.0.0.1, enough to drive the real Claude Code CLI
 * (headless `claude -p` or its TUI) with no network: it plays a script of assistant turns
 * (`tool_use` blocks, then text), streaming (SSE) or not, and records every request so a test
 * can assert what Claude Code sent back (the `tool_result` of a tool call, for instance).
 *
 * Requests that are not part of the conversation being scripted (Claude Code's side calls: a
 * quota probe, a title or topic summary, …) get a short text answer and do not use up a turn.
 * By default a request is part of the conversation when it offers tools.
 *
 * @example
 * ```ts ignore
 * import { mockAnthropic, text, toolUse } from "./mock_anthropic.ts";
 * await using api = await mockAnthropic([
 *   toolUse("mcp__weft__list_panes", {}),
 *   (req) => text(`seen: ${JSON.stringify(req.messages.at(-1))}`),
 * ]);
 * // ANTHROPIC_BASE_URL=api.url claude -p …
 * const results = api.toolResults(); // every tool_result Claude Code sent back
 * ```
 *
 * @module
 */

/** One content block of an assistant turn. */
export type Block =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

/** An assistant turn: its blocks; `stop_reason` is derived when absent. */
export interface Turn {
  content: Block[];
  stop_reason?: "end_turn" | "tool_use" | "max_tokens";
  /** Answer only once this resolves (a turn that keeps the client waiting). */
  until?: Promise<unknown>;
  /** Answer with this API error instead (HTTP status and error type), e.g. 400/invalid_request_error. */
  fail?: { status: number; type: string; message: string };
}

/** A Messages API request body, as far as tests look at it. */
export interface MessagesRequest {
  model: string;
  stream?: boolean;
  system?: unknown;
  tools?: { name: string; [key: string]: unknown }[];
  messages: { role: "user" | "assistant"; content: string | Record<string, unknown>[] }[];
  [key: string]: unknown;
}

/** A turn, or a function of the request that produces one (to use ids from earlier results). */
export type ScriptStep = Turn | ((request: MessagesRequest) => Turn);

import { type Recorded, recordingServer, sse } from "./mock_http.ts";

export type { Recorded } from "./mock_http.ts";

/** Options of {@link mockAnthropic}. */
export interface MockOptions {
  /** Which `/v1/messages` requests take a scripted turn. Default: those that offer tools. */
  isConversation?: (request: MessagesRequest) => boolean;
  /** What a conversation request gets once the script is used up. Default: a short text. */
  after?: ScriptStep;
  /** Text for side requests. Default: `"OK"`. */
  sideText?: string;
}

/** A running mock. */
export interface MockAnthropic extends AsyncDisposable {
  /** Base URL for `ANTHROPIC_BASE_URL`, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Every request so far, in order. */
  requests: Recorded[];
  /** The bodies of the `/v1/messages` requests that took a scripted turn. */
  conversation(): MessagesRequest[];
  /** Every `tool_result` block the client sent, in order, with its text flattened. */
  toolResults(): { tool_use_id: string; is_error: boolean; text: string }[];
  /** How many scripted turns were played. */
  readonly played: number;
  close(): Promise<void>;
}

/**
 * A text turn.
 *
 * @example
 * ```ts
 * import { text } from "./mock_anthropic.ts";
 * console.assert(text("done").content[0]?.type === "text");
 * ```
 */
export function text(value: string): Turn {
  return { content: [{ type: "text", text: value }], stop_reason: "end_turn" };
}

let toolIds = 0;

/**
 * A turn that calls one tool (optionally after some text).
 *
 * @example
 * ```ts
 * import { toolUse } from "./mock_anthropic.ts";
 * const turn = toolUse("mcp__weft__list_panes", {});
 * console.assert(turn.stop_reason === "tool_use");
 * ```
 */
export function toolUse(name: string, input: Record<string, unknown>, preamble?: string): Turn {
  const id = `toolu_mock_${String(++toolIds).padStart(4, "0")}`;
  const call: Block = { type: "tool_use", id, name, input };
  return {
    content: preamble ? [{ type: "text", text: preamble }, call] : [call],
    stop_reason: "tool_use",
  };
}

/**
 * A turn answered only once `until` resolves (the test holds the model "thinking").
 *
 * @example
 * ```ts
 * import { held, text } from "./mock_anthropic.ts";
 * const turn = held(Promise.resolve(), text("late"));
 * console.assert(turn.until !== undefined);
 * ```
 */
export function held(until: Promise<unknown>, turn: Turn): Turn {
  return { ...turn, until };
}

/**
 * A turn that fails with an API error (Claude Code gives up at once on a 400).
 *
 * @example
 * ```ts
 * import { failure } from "./mock_anthropic.ts";
 * console.assert(failure().fail?.status === 400);
 * ```
 */
export function failure(
  status = 400,
  type = "invalid_request_error",
  message = "mock: the request failed",
): Turn {
  return { content: [], fail: { status, type, message } };
}

/** Starts the mock with a script; close it (or `await using`) when done. */
export function mockAnthropic(
  script: ScriptStep[],
  options: MockOptions = {},
): Promise<MockAnthropic> {
  const isConversation = options.isConversation ??
    ((r: MessagesRequest) => Array.isArray(r.tools) && r.tools.length > 0);
  const after = options.after ?? text("(the mock has no more scripted turns)");
  let played = 0;
  const server = recordingServer(async (req, record) => {
    const { path, body } = record;
    if (req.method === "POST" && path === "/v1/messages/count_tokens") {
      return Response.json({ input_tokens: Math.ceil(JSON.stringify(body).length / 4) });
    }
    if (req.method === "POST" && path === "/v1/messages") {
      const request = body as MessagesRequest;
      let turn: Turn;
      if (isConversation(request)) {
        record.scripted = true;
        const step = script[played] ?? after;
        if (played < script.length) played++;
        turn = typeof step === "function" ? step(request) : step;
      } else {
        turn = text(options.sideText ?? "OK");
      }
      if (turn.until) await Promise.race([turn.until, server.closed]);
      if (turn.fail) {
        const { status, type, message } = turn.fail;
        return Response.json({ type: "error", error: { type, message } }, { status });
      }
      return request.stream ? streamed(request, turn) : Response.json(message(request, turn));
    }
    return Response.json(
      {
        type: "error",
        error: { type: "not_found_error", message: `mock: no ${req.method} ${path}` },
      },
      { status: 404 },
    );
  });
  const { requests, close } = server;
  return Promise.resolve({
    url: server.url,
    requests,
    conversation: () => requests.filter((r) => r.scripted).map((r) => r.body as MessagesRequest),
    toolResults: () => toolResultsOf(requests),
    get played() {
      return played;
    },
    close,
    [Symbol.asyncDispose]: close,
  });
}

function toolResultsOf(requests: Recorded[]) {
  const seen = new Map<string, { tool_use_id: string; is_error: boolean; text: string }>();
  for (const r of requests) {
    if (r.path !== "/v1/messages") continue;
    for (const m of (r.body as MessagesRequest | undefined)?.messages ?? []) {
      if (m.role !== "user" || typeof m.content === "string") continue;
      for (const block of m.content) {
        if (block.type !== "tool_result") continue;
        const id = String(block.tool_use_id);
        seen.set(id, {
          tool_use_id: id,
          is_error: block.is_error === true,
          text: flatten(block.content),
        });
      }
    }
  }
  return [...seen.values()];
}

function flatten(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((c) => (c?.type === "text" ? String(c.text) : "")).join("\n");
}

function usage() {
  return {
    input_tokens: 10,
    output_tokens: 5,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
}

function stopReason(turn: Turn): string {
  return turn.stop_reason ??
    (turn.content.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn");
}

function message(request: MessagesRequest, turn: Turn) {
  return {
    id: `msg_mock_${crypto.randomUUID().slice(0, 8)}`,
    type: "message",
    role: "assistant",
    model: request.model,
    content: turn.content,
    stop_reason: stopReason(turn),
    stop_sequence: null,
    usage: usage(),
  };
}

/** The Messages streaming event sequence for one turn. */
function streamed(request: MessagesRequest, turn: Turn): Response {
  const full = message(request, turn);
  const events: [string, unknown][] = [
    ["message_start", {
      type: "message_start",
      message: { ...full, content: [], stop_reason: null },
    }],
  ];
  turn.content.forEach((block, index) => {
    if (block.type === "text") {
      events.push(["content_block_start", {
        type: "content_block_start",
        index,
        content_block: { type: "text", text: "" },
      }]);
      events.push(["content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "text_delta", text: block.text },
      }]);
    } else {
      events.push(["content_block_start", {
        type: "content_block_start",
        index,
        content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
      }]);
      events.push(["content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "input_json_delta", partial_json: JSON.stringify(block.input) },
      }]);
    }
    events.push(["content_block_stop", { type: "content_block_stop", index }]);
  });
  events.push(["message_delta", {
    type: "message_delta",
    delta: { stop_reason: full.stop_reason, stop_sequence: null },
    usage: { output_tokens: 5 },
  }]);
  events.push(["message_stop", { type: "message_stop" }]);
  return sse(events);
}
