/**
 * Messages handed to Claude Code through its hooks' answers, nothing typed (read from Claude
 * Code 2.1.330 and checked by running it against the mock, `tests/messaging_ladder_test.ts`):
 *
 * - `PostToolUse` (and `PostToolUseFailure`, naming itself) answering
 *   `{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": text}}`: the
 *   text goes to the model with that tool's result, in its very next request, as
 *   `<system-reminder>PostToolUse:Bash hook additional context: text</system-reminder>`.
 * - `Stop` answering `{"decision": "block", "reason": text}`: the agent does not stop; its next
 *   request ends with the user turn `Stop hook feedback:\ntext`. The next `Stop` carries
 *   `stop_hook_active: true`; it gets no answer, so a Stop hook never keeps the agent going for
 *   ever (two agents messaging each other at each stop would).
 * - `UserPromptSubmit` names the prompt that was submitted (`prompt`): how a typed message is
 *   known to have reached the agent.
 * - A subagent's events carry `agent_id` (its tool calls fire `PostToolUse` too): they take no
 *   message, which would end in the subagent's context.
 *
 * @module
 */

import type { HookHandover, HookPoint } from "../agents/vendor.ts";

/**
 * Where a Claude Code hook event stands in its loop, for handing a message over.
 *
 * @example
 * ```ts
 * import { claudeHookPoint } from "./claude_handover.ts";
 * console.assert(claudeHookPoint({ hook_event_name: "PostToolUse" })?.point === "tool");
 * console.assert(claudeHookPoint({ hook_event_name: "Stop", stop_hook_active: true }) === undefined);
 * ```
 */
export function claudeHookPoint(event: Readonly<Record<string, unknown>>): HookPoint | undefined {
  switch (event.hook_event_name) {
    case "PostToolUse":
    case "PostToolUseFailure":
      // A subagent's tool (its events carry `agent_id`): the message would go to the subagent,
      // whose context ends with its task, not to the agent the message was for.
      return event.agent_id ? undefined : { point: "tool", event: event.hook_event_name };
    case "Stop":
      return event.stop_hook_active === true ? undefined : { point: "stop" };
    case "UserPromptSubmit":
      return typeof event.prompt === "string"
        ? { point: "prompt", prompt: event.prompt }
        : undefined;
    default:
      return undefined;
  }
}

/**
 * The hook output that hands `text` to Claude Code at `at` (its `hookEventName` must be the
 * event's own: Claude Code refuses an answer naming another).
 *
 * @example
 * ```ts
 * import { claudeHookAnswer } from "./claude_handover.ts";
 * console.assert(claudeHookAnswer({ point: "stop" }, "hi").decision === "block");
 * ```
 */
export function claudeHookAnswer(
  at: { point: "tool"; event: string } | { point: "stop" },
  text: string,
): Record<string, unknown> {
  if (at.point === "stop") return { decision: "block", reason: text };
  return { hookSpecificOutput: { hookEventName: at.event, additionalContext: text } };
}

/** Claude Code's hand-over, for its vendor file. */
export const claudeHandover: HookHandover = { point: claudeHookPoint, answer: claudeHookAnswer };
