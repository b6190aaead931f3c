/**
 * Claude Code's hook events as pane states. Claude Code runs a hook with the event as JSON on
 * its standard input (`hook_event_name`, `session_id`, `transcript_path`, `cwd`, and per event
 * `source`, `prompt`, `tool_name`, `tool_input`, `message`, `notification_type`, `error`,
 * `reason`, …); weft's hook posts that JSON unchanged and this maps it:
 *
 * | event                                   | state                                 |
 * | --------------------------------------- | ------------------------------------- |
 * | SessionStart                            | records `session_id`, `transcript_path`, `source` |
 * | UserPromptSubmit, PreToolUse, PostToolUse(Failure) | working (PreToolUse: the tool) |
 * | PermissionRequest                       | blocked, permission, the tool and what it would do |
 * | Notification permission_prompt          | blocked, permission, its message      |
 * | Notification elicitation_dialog         | blocked, question, its message        |
 * | Notification idle_prompt                | idle                                  |
 * | Stop                                    | idle                                  |
 * | StopFailure                             | error, the error                      |
 * | SessionEnd                              | exited, the reason; the session ends  |
 *
 * Anything else (other events, other notifications) changes nothing.
 *
 * @module
 */

/** What a hook event means for a pane. */
export interface HookEffect {
  /** The event's name, as sent. */
  event: string;
  state?: "working" | "idle" | "blocked" | "error" | "exited";
  message?: string;
  kind?: "permission" | "question";
  /** The agent session, when the event names one. */
  session?: { id: string; transcriptPath: string | null; source: string | null };
  /** The session started (SessionStart) or ended (SessionEnd). */
  lifecycle?: "start" | "end";
}

/** Why a hook input was refused. */
export interface HookError {
  error: string;
}

/** Longest message kept (what `pane.set` allows). */
const MAX_MESSAGE = 1000;
const SESSION_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/**
 * Maps a Claude Code hook input (already parsed JSON) to its effect on the pane.
 *
 * @example
 * ```ts
 * import { claudeHookEffect } from "./claude_code.ts";
 * const e = claudeHookEffect({
 *   hook_event_name: "PermissionRequest",
 *   session_id: "abc",
 *   tool_name: "Bash",
 *   tool_input: { command: "rm -rf build" },
 * });
 * console.assert("state" in e && e.state === "blocked" && e.message === "Bash: rm -rf build");
 * ```
 */
export function claudeHookEffect(input: unknown): HookEffect | HookError {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { error: "a hook input is a JSON object" };
  }
  const o = input as Record<string, unknown>;
  const event = o.hook_event_name;
  if (typeof event !== "string" || !/^[A-Za-z]{1,64}$/.test(event)) {
    return { error: "hook_event_name is missing or not a name" };
  }
  const effect: HookEffect = { event, ...stateOf(event, o) };
  const id = o.session_id;
  if (typeof id === "string" && SESSION_ID.test(id)) {
    effect.session = {
      id,
      transcriptPath: text(o.transcript_path, 4096) ?? null,
      source: event === "SessionStart" ? text(o.source, 32) ?? null : null,
    };
  }
  if (event === "SessionStart") effect.lifecycle = "start";
  if (event === "SessionEnd") effect.lifecycle = "end";
  return effect;
}

function stateOf(event: string, o: Record<string, unknown>): Omit<HookEffect, "event"> {
  switch (event) {
    case "UserPromptSubmit":
    case "PostToolUse":
    case "PostToolUseFailure":
      return { state: "working" };
    case "PreToolUse":
      return withMessage({ state: "working" }, toolText(o));
    case "PermissionRequest":
      return withMessage({ state: "blocked", kind: "permission" }, toolText(o));
    case "Notification":
      return notification(o);
    case "Stop":
      return { state: "idle" };
    case "StopFailure":
      return withMessage({ state: "error" }, text(o.error, MAX_MESSAGE) ?? errorText(o));
    case "SessionEnd":
      return withMessage({ state: "exited" }, text(o.reason, MAX_MESSAGE));
    default:
      return {};
  }
}

function notification(o: Record<string, unknown>): Omit<HookEffect, "event"> {
  const message = text(o.message, MAX_MESSAGE);
  switch (o.notification_type) {
    case "permission_prompt":
      return withMessage({ state: "blocked", kind: "permission" }, message);
    case "elicitation_dialog":
    case "elicitation_url_dialog":
      return withMessage({ state: "blocked", kind: "question" }, message);
    case "idle_prompt":
      return { state: "idle" };
    default:
      return {};
  }
}

function withMessage<T extends Omit<HookEffect, "event">>(effect: T, message?: string): T {
  return message ? { ...effect, message } : effect;
}

/** `Bash: npm test`, `Edit: src/a.ts`: the tool and the one input that says what it does. */
function toolText(o: Record<string, unknown>): string | undefined {
  const tool = text(o.tool_name, 128);
  if (!tool) return undefined;
  const input = (typeof o.tool_input === "object" && o.tool_input) as Record<string, unknown>;
  const what = input
    ? ["command", "file_path", "path", "url", "pattern", "query", "description"]
      .map((k) => text(input[k], MAX_MESSAGE))
      .find((v) => v)
    : undefined;
  return (what ? `${tool}: ${what}` : tool).slice(0, MAX_MESSAGE);
}

function errorText(o: Record<string, unknown>): string | undefined {
  const details = o.error_details;
  if (typeof details === "string") return text(details, MAX_MESSAGE);
  if (typeof details === "object" && details !== null) {
    return text((details as Record<string, unknown>).message, MAX_MESSAGE);
  }
  return undefined;
}

/** A string field, control characters made spaces, cut to `max`; undefined when absent/empty. */
function text(value: unknown, max: number): string | undefined {
  if (typeof value !== "string") return undefined;
  // deno-lint-ignore no-control-regex
  const clean = value.replace(/[\x00-\x1f\x7f-\x9f]+/g, " ").trim().slice(0, max);
  return clean || undefined;
}
