/**
 * Claude Code's `--output-format stream-json` as the bridge reads it: the outcome of a turn
 * (its reply, cost, tokens, session) and whether it failed, judged from the `result` event as
 * well as the exit code: a rate-limited or API-failed turn can end with `subtype: "success"`
 * and `is_error: true`, or exit 1 with nothing on stderr.
 *
 * @module
 */

/** How a turn's process ended, as the executor saw it. */
export interface RawRun {
  /** The stream-json lines it printed. */
  lines: readonly string[];
  /** Its exit code, or null when a signal ended it or it never started. */
  code: number | null;
  signal: string | null;
  /** The end of its stderr. */
  stderr: string;
  /** Why the executor ended or could not start it (time-out, pane closed, not found). */
  note?: string;
  /** The program could not be started at all (not found): retrying does not help. */
  missing?: boolean;
  /** How long the program ran, from its start to its end (when the executor knows). */
  ranMs?: number;
}

/** What a turn came to. */
export interface Outcome {
  ok: boolean;
  /** The reply text (the result event's `result`, else the last assistant text). */
  reply: string;
  sessionId: string | null;
  subtype: string | null;
  isError: boolean;
  costUsd: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  numTurns: number | null;
  /** Why it failed (empty when ok). */
  error: string;
  /** What a retry should do about the session: it exists already, or it does not. */
  session?: "exists" | "missing";
  /** Retrying cannot help (the program is missing). */
  fatal: boolean;
}

/** Parses one line; undefined for a line that is not a JSON object. */
export function parseEvent(line: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(line);
    return value && typeof value === "object" && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Judges a turn from what its process printed and how it ended.
 *
 * @example
 * ```ts
 * import { judge } from "./_stream.ts";
 * const line = JSON.stringify({ type: "result", subtype: "success", is_error: true, result: "API Error: 429" });
 * const outcome = judge({ lines: [line], code: 0, signal: null, stderr: "" });
 * console.assert(!outcome.ok && outcome.error.includes("429"));
 * ```
 */
export function judge(run: RawRun): Outcome {
  let result: Record<string, unknown> | undefined;
  let sessionId: string | null = null;
  let lastText = "";
  for (const line of run.lines) {
    const event = parseEvent(line);
    if (!event) continue;
    if (typeof event.session_id === "string") sessionId = event.session_id;
    if (event.type === "result") result = event;
    if (event.type === "assistant") {
      const text = assistantText(event);
      if (text) lastText = text;
    }
  }
  const usage = (result?.usage ?? {}) as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === "number" ? v : null);
  const subtype = typeof result?.subtype === "string" ? result.subtype : null;
  const isError = result?.is_error === true;
  const reply = typeof result?.result === "string" ? result.result : lastText;
  const base = {
    reply,
    sessionId,
    subtype,
    isError,
    costUsd: num(result?.total_cost_usd),
    inputTokens: num(usage.input_tokens),
    outputTokens: num(usage.output_tokens),
    numTurns: num(result?.num_turns),
  };
  const error = failure(run, result, subtype, isError, reply);
  if (!error) return { ...base, ok: true, error: "", fatal: false };
  const session = /already in use/i.test(run.stderr)
    ? "exists" as const
    : /No conversation found/i.test(run.stderr)
    ? "missing" as const
    : undefined;
  return {
    ...base,
    ok: false,
    error,
    fatal: run.missing === true,
    ...(session ? { session } : {}),
  };
}

function failure(
  run: RawRun,
  result: Record<string, unknown> | undefined,
  subtype: string | null,
  isError: boolean,
  reply: string,
): string {
  const stderr = run.stderr.trim().split("\n").slice(-5).join("\n");
  const how = run.signal
    ? `killed by ${run.signal}`
    : run.code === null
    ? "did not run"
    : `exited with code ${run.code}`;
  if (run.note) return `${run.note} (${how})${stderr ? `: ${stderr}` : ""}`;
  if (!result) {
    return `claude ${how} without a result${stderr ? `: ${stderr}` : " (nothing on stderr)"}`;
  }
  if (subtype !== "success") return `claude ended the turn with ${subtype}${detail(reply)}`;
  if (isError) return `claude reported an error${detail(reply)}`;
  if (run.code !== 0) return `claude ${how} after a result${stderr ? `: ${stderr}` : ""}`;
  return "";
}

function detail(text: string): string {
  return text ? `: ${text.slice(0, 500)}` : "";
}

/** The text blocks of an assistant event, joined. */
export function assistantText(event: Record<string, unknown>): string {
  const message = event.message as { content?: unknown } | undefined;
  if (!Array.isArray(message?.content)) return "";
  return message.content
    .filter((b) => b?.type === "text" && typeof b.text === "string")
    .map((b) => b.text as string)
    .join("\n");
}

/**
 * The lines of a byte stream (the last one even without a newline), until it ends or `signal`
 * aborts: a program's children can keep its stdout open after it is gone.
 */
export async function* lines(
  stream: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<string> {
  let rest = "";
  for await (const text of texts(stream, signal)) {
    rest += text;
    let nl;
    while ((nl = rest.indexOf("\n")) >= 0) {
      yield rest.slice(0, nl);
      rest = rest.slice(nl + 1);
    }
  }
  if (rest) yield rest;
}

/** A byte stream as decoded text chunks, until it ends or `signal` aborts. */
export async function* texts(
  stream: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<string> {
  const reader = stream.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  if (signal?.aborted) stop();
  signal?.addEventListener("abort", stop, { once: true });
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      yield decoder.decode(value, { stream: true });
    }
  } finally {
    signal?.removeEventListener("abort", stop);
    reader.releaseLock();
  }
}

/** Aborts `controller` `ms` after `after` settles (reading what a finished program left). */
export function abortAfter(after: Promise<unknown>, ms: number): AbortController {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  void after.finally(() => (timer = setTimeout(() => controller.abort(), ms)));
  controller.signal.addEventListener("abort", () => clearTimeout(timer));
  return controller;
}
