/**
 * A readable transcript from Claude Code's stream-json events: what a human watching a turn's
 * pane reads (assistant text, tool calls and their results, the outcome), never raw JSON.
 *
 * @module
 */

import { assistantText } from "./_stream.ts";

const DIM = "\x1b[2m";
const BOLD = "\x1b[1m";
const RED = "\x1b[31m";
const GREEN = "\x1b[32m";
const CYAN = "\x1b[36m";
const RESET = "\x1b[0m";

/**
 * The lines to show for one event (empty for events a reader does not need).
 *
 * @example
 * ```ts
 * import { renderEvent } from "./_render.ts";
 * const out = renderEvent({ type: "assistant", message: { content: [{ type: "text", text: "hi" }] } });
 * console.assert(out.includes("hi") && !out.includes("{"));
 * ```
 */
export function renderEvent(event: Record<string, unknown>, color = true): string {
  const c = (code: string, text: string) => (color ? `${code}${text}${RESET}` : text);
  if (event.type === "system" && event.subtype === "init") {
    return c(DIM, `session ${event.session_id} · model ${event.model} · cwd ${event.cwd}`) + "\n";
  }
  if (event.type === "system" && event.subtype === "api_retry") {
    return c(DIM, `API retry ${event.attempt}/${event.max_retries}: ${event.error}`) + "\n";
  }
  if (event.type === "assistant") return renderAssistant(event, c);
  if (event.type === "user") return renderToolResults(event, c);
  if (event.type === "result") {
    const bad = event.is_error === true || event.subtype !== "success";
    const cost = typeof event.total_cost_usd === "number"
      ? ` · $${event.total_cost_usd.toFixed(4)}`
      : "";
    const head = bad ? c(RED, `✗ ${event.subtype}${event.is_error ? " (error)" : ""}`) : c(
      GREEN,
      "✓ done",
    );
    return `${head}${
      c(DIM, ` · ${event.num_turns ?? "?"} steps · ${event.duration_ms ?? "?"} ms${cost}`)
    }\n`;
  }
  return "";
}

type Paint = (code: string, text: string) => string;

function renderAssistant(event: Record<string, unknown>, c: Paint): string {
  const content = (event.message as { content?: unknown[] } | undefined)?.content ?? [];
  let out = "";
  const text = assistantText(event);
  if (text) out += `${c(BOLD, "claude:")} ${text}\n`;
  for (const block of content as Record<string, unknown>[]) {
    if (block?.type !== "tool_use") continue;
    const input = JSON.stringify(block.input ?? {});
    out += c(CYAN, `→ ${block.name} ${input.length > 200 ? input.slice(0, 200) + "…" : input}`) +
      "\n";
  }
  return out;
}

function renderToolResults(event: Record<string, unknown>, c: Paint): string {
  const content = (event.message as { content?: unknown } | undefined)?.content;
  if (!Array.isArray(content)) return "";
  let out = "";
  for (const block of content as Record<string, unknown>[]) {
    if (block?.type !== "tool_result") continue;
    const text = flatten(block.content).split("\n").slice(0, 8).join("\n  ");
    out += c(block.is_error ? RED : DIM, `  ${text.slice(0, 1000)}`) + "\n";
  }
  return out;
}

function flatten(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((b) => (b?.type === "text" ? String(b.text) : "")).join("\n");
}
