/**
 * A mock of the OpenAI Responses API (`POST /v1/responses`, streamed as server-sent events) on
 * 127.0.0.1, enough to drive the real Codex CLI (its TUI or `codex exec`) with no network. It
 * plays a script of model turns (text, or a shell call through Codex's `exec_command` tool,
 * optionally asking to run outside the sandbox so that Codex asks for approval), and records
 * every request so a test can assert what Codex sent back (a call's output, the prompts of a
 * resumed conversation).
 *
 * Read from Codex CLI 0.171.0: it posts to `{base_url}/responses` with `stream: true`, its tools
 * (`exec_command`, `write_stdin`, …) and the whole conversation as `input` items; it reads
 * `response.created`, `response.output_item.added`/`.done`, `response.output_text.delta` and
 * `response.completed`. A request is part of the scripted conversation when it offers tools.
 *
 * @example
 * ```ts ignore
 * import { mockOpenAI, shell, text } from "./mock_openai.ts";
 * await using api = await mockOpenAI([shell("touch a", { escalate: "Touch a?" }), text("done")]);
 * // config.toml: [model_providers.mock] base_url = api.url, wire_api = "responses"
 * const outputs = api.toolOutputs(); // every function_call_output Codex sent back
 * ```
 *
 * @module
 */

import { type Recorded, serveMock } from "./mock_anthropic.ts";

export type { Recorded } from "./mock_anthropic.ts";

/** One output item of a model turn. */
export type Item =
  | { type: "message"; text: string }
  | { type: "function_call"; call_id: string; name: string; arguments: Record<string, unknown> };

/** A model turn: its output items. */
export interface Turn {
  output: Item[];
  /** Answer only once this resolves (a turn that keeps Codex waiting). */
  until?: Promise<unknown>;
  /** Answer with this API error instead (HTTP status, error type and message). */
  fail?: { status: number; type: string; message: string };
}

/** A Responses API request body, as far as tests look at it. */
export interface ResponsesRequest {
  model: string;
  stream?: boolean;
  tools?: { name?: string; type: string; [key: string]: unknown }[];
  input: { type: string; role?: string; [key: string]: unknown }[];
  [key: string]: unknown;
}

/** A turn, or a function of the request that produces one. */
export type ScriptStep = Turn | ((request: ResponsesRequest) => Turn);

/** Options of {@link mockOpenAI}. */
export interface MockOptions {
  /** What a conversation request gets once the script is used up. Default: a short text. */
  after?: ScriptStep;
}

/** A running mock. */
export interface MockOpenAI extends AsyncDisposable {
  /** Base URL for a model provider's `base_url`, e.g. `http://127.0.0.1:41234/v1`. */
  url: string;
  /** Every request so far, in order. */
  requests: Recorded[];
  /** The bodies of the requests that took a scripted turn. */
  conversation(): ResponsesRequest[];
  /** Every `function_call_output` Codex sent back, in order of first sight. */
  toolOutputs(): { call_id: string; output: string }[];
  /** How many scripted turns were played. */
  readonly played: number;
  close(): Promise<void>;
}

/**
 * A text turn.
 *
 * @example
 * ```ts
 * import { text } from "./mock_openai.ts";
 * console.assert(text("done").output[0]?.type === "message");
 * ```
 */
export function text(value: string): Turn {
  return { output: [{ type: "message", text: value }] };
}

let callIds = 0;

/**
 * A turn that runs `cmd` through Codex's `exec_command` tool. With `escalate` (the question
 * Codex shows) it asks to run outside the sandbox, which Codex's `on-request` approval policy
 * puts to the user.
 *
 * @example
 * ```ts
 * import { shell } from "./mock_openai.ts";
 * const turn = shell("touch a", { escalate: "May I touch a?" });
 * console.assert(turn.output[0]?.type === "function_call");
 * ```
 */
export function shell(cmd: string, options: { escalate?: string } = {}): Turn {
  const args: Record<string, unknown> = { cmd };
  if (options.escalate) {
    args.sandbox_permissions = "require_escalated";
    args.justification = options.escalate;
  }
  const call_id = `call_mock_${String(++callIds).padStart(4, "0")}`;
  return { output: [{ type: "function_call", call_id, name: "exec_command", arguments: args }] };
}

/**
 * A turn answered only once `until` resolves (the test holds the model "thinking").
 *
 * @example
 * ```ts
 * import { held, text } from "./mock_openai.ts";
 * console.assert(held(Promise.resolve(), text("late")).until !== undefined);
 * ```
 */
export function held(until: Promise<unknown>, turn: Turn): Turn {
  return { ...turn, until };
}

/**
 * A turn that fails with an API error (a 400 is not retried).
 *
 * @example
 * ```ts
 * import { failure } from "./mock_openai.ts";
 * console.assert(failure().fail?.status === 400);
 * ```
 */
export function failure(
  status = 400,
  type = "invalid_request_error",
  message = "mock: the request failed",
): Turn {
  return { output: [], fail: { status, type, message } };
}

/** Starts the mock with a script; close it (or `await using`) when done. */
export function mockOpenAI(script: ScriptStep[], options: MockOptions = {}): Promise<MockOpenAI> {
  const mock = serveMock<ResponsesRequest, Turn>({
    script,
    after: options.after ?? text("(the mock has no more scripted turns)"),
    isConversation: (r) =>
      r.method === "POST" && r.path === "/v1/responses" && Array.isArray(r.body.tools) &&
      r.body.tools.length > 0,
    answer: (r, turn) => {
      if (r.method !== "POST" || r.path !== "/v1/responses") return undefined;
      const played = turn ?? text("OK");
      if (played.fail) {
        const { status, type, message } = played.fail;
        return Response.json({ error: { type, message, code: type, param: null } }, { status });
      }
      return streamed(r.body, played);
    },
    notFound: (r) =>
      Response.json(
        { error: { type: "not_found", message: `mock: no ${r.method} ${r.path}` } },
        { status: 404 },
      ),
  });
  return Promise.resolve({
    url: `${mock.url}/v1`,
    requests: mock.requests,
    conversation: () => mock.conversation(),
    toolOutputs: () => toolOutputsOf(mock.requests),
    get played() {
      return mock.played;
    },
    close: mock.close,
    [Symbol.asyncDispose]: mock.close,
  });
}

/**
 * Every user prompt of a request, as text (Codex's own context messages, which start with `<`,
 * left out).
 *
 * @example
 * ```ts
 * import { prompts } from "./mock_openai.ts";
 * const input = [{ type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] }];
 * console.assert(prompts({ model: "m", input })[0] === "hi");
 * ```
 */
export function prompts(request: ResponsesRequest): string[] {
  return request.input.filter((i) => i.type === "message" && i.role === "user").flatMap((i) =>
    Array.isArray(i.content)
      ? (i.content as { type: string; text?: string }[]).flatMap((c) =>
        c.type === "input_text" && c.text && !c.text.startsWith("<") ? [c.text] : []
      )
      : []
  );
}

function toolOutputsOf(requests: Recorded[]) {
  const seen = new Map<string, { call_id: string; output: string }>();
  for (const r of requests) {
    if (r.path !== "/v1/responses") continue;
    for (const item of (r.body as ResponsesRequest | undefined)?.input ?? []) {
      if (item.type !== "function_call_output") continue;
      const call_id = String(item.call_id);
      if (seen.has(call_id)) continue;
      const output = typeof item.output === "string" ? item.output : JSON.stringify(item.output);
      seen.set(call_id, { call_id, output });
    }
  }
  return [...seen.values()];
}

/** The output item of `item` as the API sends it. */
function wire(item: Item, index: number) {
  return item.type === "message"
    ? {
      type: "message",
      id: `msg_mock_${index}`,
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: item.text, annotations: [] }],
    }
    : {
      type: "function_call",
      id: `fc_mock_${index}`,
      status: "completed",
      call_id: item.call_id,
      name: item.name,
      arguments: JSON.stringify(item.arguments),
    };
}

/** The Responses streaming event sequence for one turn. */
function streamed(request: ResponsesRequest, turn: Turn): Response {
  const id = `resp_mock_${crypto.randomUUID().slice(0, 8)}`;
  const output = turn.output.map(wire);
  const response = { id, object: "response", model: request.model, status: "in_progress" };
  const events: [string, unknown][] = [
    ["response.created", { type: "response.created", response: { ...response, output: [] } }],
  ];
  output.forEach((item, output_index) => {
    const added = item.type === "message" ? { ...item, status: "in_progress", content: [] } : item;
    events.push(["response.output_item.added", {
      type: "response.output_item.added",
      output_index,
      item: added,
    }]);
    if (item.type === "message") {
      events.push(["response.output_text.delta", {
        type: "response.output_text.delta",
        item_id: item.id,
        output_index,
        content_index: 0,
        delta: (turn.output[output_index] as { text: string }).text,
      }]);
    }
    events.push(["response.output_item.done", {
      type: "response.output_item.done",
      output_index,
      item,
    }]);
  });
  events.push(["response.completed", {
    type: "response.completed",
    response: {
      ...response,
      status: "completed",
      output,
      usage: {
        input_tokens: 10,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 5,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 15,
      },
    },
  }]);
  const body = events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`)
    .join("");
  return new Response(body, {
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
  });
}
