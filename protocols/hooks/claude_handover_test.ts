import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { claudeHookAnswer, claudeHookPoint } from "./claude_handover.ts";

Deno.test("claudeHookPoint() finds the tool boundaries, the stops and the prompts of Claude Code", () => {
  deepStrictEqual(claudeHookPoint({ hook_event_name: "PostToolUse" }), {
    point: "tool",
    event: "PostToolUse",
  });
  deepStrictEqual(claudeHookPoint({ hook_event_name: "PostToolUseFailure" }), {
    point: "tool",
    event: "PostToolUseFailure",
  });
  deepStrictEqual(claudeHookPoint({ hook_event_name: "Stop", stop_hook_active: false }), {
    point: "stop",
  });
  deepStrictEqual(claudeHookPoint({ hook_event_name: "UserPromptSubmit", prompt: "hi" }), {
    point: "prompt",
    prompt: "hi",
  });
});

Deno.test("claudeHookPoint() gives no point where a message must not go", () => {
  // The loop guard: a stop a hook already continued.
  strictEqual(claudeHookPoint({ hook_event_name: "Stop", stop_hook_active: true }), undefined);
  // A subagent's tool call.
  strictEqual(claudeHookPoint({ hook_event_name: "PostToolUse", agent_id: "a1" }), undefined);
  for (const name of ["PreToolUse", "SubagentStop", "Notification", "SessionStart", 7, null]) {
    strictEqual(claudeHookPoint({ hook_event_name: name }), undefined);
  }
  strictEqual(claudeHookPoint({ hook_event_name: "UserPromptSubmit" }), undefined);
});

Deno.test("claudeHookAnswer() is the output Claude Code 2.1.330 reads", () => {
  deepStrictEqual(claudeHookAnswer({ point: "tool", event: "PostToolUse" }, "m"), {
    hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "m" },
  });
  // Claude Code refuses an answer that names another event.
  deepStrictEqual(claudeHookAnswer({ point: "tool", event: "PostToolUseFailure" }, "m"), {
    hookSpecificOutput: { hookEventName: "PostToolUseFailure", additionalContext: "m" },
  });
  deepStrictEqual(claudeHookAnswer({ point: "stop" }, "m"), { decision: "block", reason: "m" });
});
