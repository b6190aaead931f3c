/**
 * A mock of the Gemini API (`generativelanguage.googleapis.com`, `v1beta`) on 127.0.0.1, enough
 * to drive the real Gemini CLI (headless `gemini -p` or its TUI) with no network: it plays a
 * script of model turns (function calls, then text) as `streamGenerateContent` server-sent
 * events, and records every request so a test can assert what the CLI sent back (the
 * `functionResponse` of a tool call, the prompts of a resumed conversation).
 *
 * The script is written with the same turns as the Claude Code mock ({@link ./mock_anthropic.ts}:
 * `text`, `toolUse`, `held`, `failure`); a `tool_use` block becomes a `functionCall` part. Read
 * from Gemini CLI 0.61.0: a conversation request is `POST /v1beta/models/<model>:
 * streamGenerateContent?alt=sse` offering tools (`functionDeclarations`); its side calls
 * (`generateContent` without streaming: a routing classifier, a next-speaker check, …) and
 * `countTokens` get short answers that use up no turn.
 *
 * @example
 * ```ts ignore
 * import { mockGemini, text, toolUse } from "./mock_gemini.ts";
 * await using api = await mockGemini([
 *   toolUse("run_shell_command", { command: "touch a.txt" }),
 *   text("Done."),
 * ]);
 * // GOOGLE_GEMINI_BASE_URL=api.url gemini …
 * const results = api.functionResponses();
 * ```
 *
 * @module
 */

import { serveMock, text, type Turn } from "./mock_anthropic.ts";
import type { Recorded } from "./mock_anthropic.ts";

export { failure, held, text, toolUse } from "./mock_anthropic.ts";
export type { Recorded, Turn } from "./mock_anthropic.ts";

/** One part of a content: text, a function call or a function's response (and more). */
export interface Part {
  text?: string;
  functionCall?: { id?: string; name: string; args: Record<string, unknown> };
  functionResponse?: { id?: string; name: string; response: Record<string, unknown> };
  [key: string]: unknown;
}

/** A `generateContent` / `streamGenerateContent` request body, as far as tests look at it. */
export interface GenerateRequest {
  contents: { role: "user" | "model"; parts: Part[] }[];
  tools?: { functionDeclarations?: { name: string }[] }[];
  systemInstruction?: unknown;
  generationConfig?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A turn, or a function of the request that produces one. */
export type GeminiStep = Turn | ((request: GenerateRequest) => Turn);

/** Options of {@link mockGemini}. */
export interface MockGeminiOptions {
  /** What a conversation request gets once the script is used up. Default: a short text. */
  after?: GeminiStep;
}

/** A running mock. */
export interface MockGemini extends AsyncDisposable {
  /** Base URL for `GOOGLE_GEMINI_BASE_URL`, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Every request so far, in order. */
  requests: Recorded[];
  /** The bodies of the conversation requests (the ones that took a scripted turn). */
  conversation(): GenerateRequest[];
  /** Every `functionResponse` the CLI sent back, in order, with its response as JSON text. */
  functionResponses(): { id: string | null; name: string; text: string }[];
  /** Every user text of a request (its prompts; not function responses). */
  prompts(request: GenerateRequest): string[];
  /** How many scripted turns were played. */
  readonly played: number;
  close(): Promise<void>;
}

/** Starts the mock with a script; close it (or `await using`) when done. */
export function mockGemini(
  script: GeminiStep[],
  options: MockGeminiOptions = {},
): Promise<MockGemini> {
  const isConversation = (path: string, body: GenerateRequest) =>
    path.endsWith(":streamGenerateContent") &&
    (body.tools ?? []).some((t) => (t.functionDeclarations ?? []).length > 0);
  const mock = serveMock<GenerateRequest>({
    script,
    after: options.after ?? text("(the mock has no more scripted turns)"),
    isConversation: (r) => r.method === "POST" && isConversation(r.path, r.body),
    answer: (r, turn) => {
      if (r.method !== "POST") return undefined;
      if (r.path.endsWith(":countTokens")) {
        return Response.json({ totalTokens: Math.ceil(JSON.stringify(r.body).length / 4) });
      }
      const stream = r.path.endsWith(":streamGenerateContent");
      if (!stream && !r.path.endsWith(":generateContent")) return undefined;
      const played = turn ?? sideTurn(r.body);
      if (played.fail) {
        const { status, type, message } = played.fail;
        return Response.json({ error: { code: status, message, status: type } }, { status });
      }
      const answer = response(r.path, played);
      if (!stream) return Response.json(answer);
      return new Response(`data: ${JSON.stringify(answer)}\r\n\r\n`, {
        headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
      });
    },
    notFound: (r) =>
      Response.json({
        error: { code: 404, message: `mock: no ${r.method} ${r.path}`, status: "NOT_FOUND" },
      }, { status: 404 }),
  });
  const conversation = () => mock.conversation() as GenerateRequest[];
  return Promise.resolve({
    url: mock.url,
    requests: mock.requests,
    conversation,
    functionResponses: () => functionResponsesOf(mock.requests),
    prompts,
    get played() {
      return mock.played;
    },
    close: mock.close,
    [Symbol.asyncDispose]: mock.close,
  });
}

/**
 * A side call's answer: a JSON object when the call asks for one (its classifier and checks
 * name a schema; each gets the fields it requires, as strings or numbers), else `OK`.
 */
function sideTurn(body: GenerateRequest): Turn {
  const schema =
    (body.generationConfig?.responseJsonSchema ?? body.generationConfig?.responseSchema) as
      | { properties?: Record<string, { type?: string; enum?: unknown[] }>; required?: string[] }
      | undefined;
  if (!schema?.properties) return text("OK");
  const out: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(schema.properties)) {
    const type = String(prop.type ?? "string").toLowerCase();
    out[key] = prop.enum?.[0] ??
      (type === "number" || type === "integer" ? 1 : type === "boolean" ? false : "mock");
  }
  return text(JSON.stringify(out));
}

function response(path: string, turn: Turn) {
  const parts: Part[] = turn.content.map((block) =>
    block.type === "text"
      ? { text: block.text }
      : { functionCall: { id: block.id, name: block.name, args: block.input } }
  );
  const model = /models\/([^:]+):/.exec(path)?.[1] ?? "gemini-2.5-flash";
  return {
    candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: model,
    responseId: `mock-${crypto.randomUUID().slice(0, 8)}`,
  };
}

function prompts(request: GenerateRequest): string[] {
  return request.contents.filter((c) => c.role === "user")
    .flatMap((c) => c.parts.flatMap((p) => (typeof p.text === "string" ? [p.text] : [])));
}

function functionResponsesOf(requests: Recorded[]) {
  const seen = new Map<string, { id: string | null; name: string; text: string }>();
  for (const r of requests) {
    const body = r.body as GenerateRequest | undefined;
    for (const c of body?.contents ?? []) {
      for (const p of c.parts ?? []) {
        const f = p.functionResponse;
        if (!f) continue;
        const key = f.id ?? `${f.name}#${seen.size}`;
        seen.set(key, { id: f.id ?? null, name: f.name, text: JSON.stringify(f.response) });
      }
    }
  }
  return [...seen.values()];
}
