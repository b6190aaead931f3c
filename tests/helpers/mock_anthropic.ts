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

/** Every request the mock received. */
export interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** True when the request took a scripted turn. */
  scripted: boolean;
}

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
  const mock = serveMock<MessagesRequest>({
    script,
    after: options.after ?? text("(the mock has no more scripted turns)"),
    isConversation: (r) =>
      r.method === "POST" && r.path === "/v1/messages" && isConversation(r.body),
    answer: (r, turn) => {
      if (r.method === "POST" && r.path === "/v1/messages/count_tokens") {
        return Response.json({ input_tokens: Math.ceil(r.raw.length / 4) });
      }
      if (r.method !== "POST" || r.path !== "/v1/messages") return undefined;
      const played = turn ?? text(options.sideText ?? "OK");
      if (played.fail) {
        const { status, type, message } = played.fail;
        return Response.json({ type: "error", error: { type, message } }, { status });
      }
      return r.body.stream ? streamed(r.body, played) : Response.json(message(r.body, played));
    },
    notFound: (r) =>
      Response.json(
        {
          type: "error",
          error: { type: "not_found_error", message: `mock: no ${r.method} ${r.path}` },
        },
        { status: 404 },
      ),
  });
  return Promise.resolve({
    url: mock.url,
    requests: mock.requests,
    conversation: () => mock.conversation(),
    toolResults: () => toolResultsOf(mock.requests),
    get played() {
      return mock.played;
    },
    close: mock.close,
    [Symbol.asyncDispose]: mock.close,
  });
}

/** One request as a mock's answer sees it: its body parsed as JSON (else its raw text). */
export interface MockRequest<B> {
  method: string;
  path: string;
  raw: string;
  body: B;
}

/** What every mock's turn may have: held until `until` resolves. */
export interface HeldTurn {
  until?: Promise<unknown>;
}

/** What {@link serveMock} serves: a script of turns (`T`: this API's) and how one API answers. */
export interface ServeMockOptions<B, T extends HeldTurn = Turn> {
  script: (T | ((body: B) => T))[];
  /** What a conversation request gets once the script is used up. */
  after: T | ((body: B) => T);
  /** Which requests take a scripted turn. */
  isConversation: (request: MockRequest<B>) => boolean;
  /**
   * The answer to a request: `turn` is its scripted turn (already held until its `until`),
   * undefined for a side request; undefined: the API has no such path.
   */
  answer: (request: MockRequest<B>, turn: T | undefined) => Response | undefined;
  /** The answer for a path the API does not have. */
  notFound: (request: MockRequest<B>) => Response;
}

/** A running mock server: its URL, what it received, and how far its script went. */
export interface MockServer<B> {
  url: string;
  requests: Recorded[];
  /** The bodies of the requests that took a scripted turn. */
  conversation(): B[];
  readonly played: number;
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 that records every request and plays a script of turns to the
 * conversation's requests, for a mock of one vendor's API (this file's, `mock_gemini.ts`).
 * Closing it lets held turns go, so that a test that failed while one was held still ends.
 */
export function serveMock<B, T extends HeldTurn = Turn>(
  options: ServeMockOptions<B, T>,
): MockServer<B> {
  const { script } = options;
  const requests: Recorded[] = [];
  let played = 0;
  let closing!: () => void;
  const closed = new Promise<void>((resolve) => (closing = resolve));
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (req) => {
      const path = new URL(req.url).pathname;
      const raw = req.method === "POST" ? await req.text() : "";
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch { /* keep the raw text */ }
      const record: Recorded = {
        method: req.method,
        path,
        headers: Object.fromEntries(req.headers),
        body,
        scripted: false,
      };
      requests.push(record);
      const request: MockRequest<B> = { method: req.method, path, raw, body: body as B };
      let turn: T | undefined;
      if (options.isConversation(request)) {
        record.scripted = true;
        const step = script[played] ?? options.after;
        if (played < script.length) played++;
        turn = typeof step === "function" ? step(request.body) : step;
        if (turn.until) await Promise.race([turn.until, closed]);
      }
      return options.answer(request, turn) ?? options.notFound(request);
    },
  );
  const close = async () => {
    closing();
    await server.shutdown();
  };
  return {
    url: `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`,
    requests,
    conversation: () => requests.filter((r) => r.scripted).map((r) => r.body as B),
    get played() {
      return played;
    },
    close,
  };
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
  const body = events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`)
    .join("");
  return new Response(body, {
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
  });
}
