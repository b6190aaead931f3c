import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import fc from "fast-check";
import { claudeHookEffect } from "./claude_code.ts";

const base = { session_id: "8f1c-22", transcript_path: "/home/u/.claude/p/8f1c-22.jsonl" };

Deno.test("claudeHookEffect() maps each event to its state", () => {
  const cases: [Record<string, unknown>, unknown][] = [
    [{ hook_event_name: "UserPromptSubmit", prompt: "hi" }, { state: "working" }],
    [
      { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "npm test" } },
      { state: "working", message: "Bash: npm test" },
    ],
    [{ hook_event_name: "PostToolUse", tool_name: "Bash" }, { state: "working" }],
    [{ hook_event_name: "PostToolUseFailure", tool_name: "Bash" }, { state: "working" }],
    [
      {
        hook_event_name: "PermissionRequest",
        tool_name: "Edit",
        tool_input: { file_path: "a.ts" },
      },
      { state: "blocked", kind: "permission", message: "Edit: a.ts" },
    ],
    [
      {
        hook_event_name: "Notification",
        notification_type: "permission_prompt",
        message: "Claude needs your permission to use Bash",
      },
      { state: "blocked", kind: "permission", message: "Claude needs your permission to use Bash" },
    ],
    [
      { hook_event_name: "Notification", notification_type: "elicitation_dialog", message: "Pick" },
      { state: "blocked", kind: "question", message: "Pick" },
    ],
    [{ hook_event_name: "Notification", notification_type: "idle_prompt" }, { state: "idle" }],
    [{ hook_event_name: "Notification", notification_type: "auth_success" }, {}],
    [{ hook_event_name: "Stop", stop_hook_active: false }, { state: "idle" }],
    [
      { hook_event_name: "StopFailure", error: "rate_limit" },
      { state: "error", message: "rate_limit" },
    ],
    [
      { hook_event_name: "StopFailure", error_details: { message: "overloaded" } },
      { state: "error", message: "overloaded" },
    ],
    [
      { hook_event_name: "SessionEnd", reason: "prompt_input_exit" },
      { state: "exited", message: "prompt_input_exit", lifecycle: "end" },
    ],
    [{ hook_event_name: "SubagentStop" }, {}],
  ];
  for (const [input, want] of cases) {
    const got = claudeHookEffect({ ...base, ...input });
    ok(!("error" in got));
    const { event, session, ...rest } = got;
    strictEqual(event, input.hook_event_name);
    deepStrictEqual(session, {
      id: base.session_id,
      transcriptPath: base.transcript_path,
      source: null,
    });
    deepStrictEqual(rest, want, String(input.hook_event_name));
  }
});

Deno.test("claudeHookEffect() records the session of SessionStart with its source", () => {
  deepStrictEqual(
    claudeHookEffect({ ...base, hook_event_name: "SessionStart", source: "resume" }),
    {
      event: "SessionStart",
      lifecycle: "start",
      session: { id: base.session_id, transcriptPath: base.transcript_path, source: "resume" },
    },
  );
});

Deno.test("claudeHookEffect() refuses garbage and keeps hostile text harmless", () => {
  for (
    const bad of [null, 42, "Stop", [], {}, { hook_event_name: 3 }, { hook_event_name: "a b" }]
  ) {
    ok("error" in claudeHookEffect(bad), JSON.stringify(bad));
  }
  const e = claudeHookEffect({
    hook_event_name: "PermissionRequest",
    session_id: "../../etc/passwd",
    tool_name: "Bash",
    tool_input: { command: "\x1b]9338;spawn;cmd=rm\x07" + "x".repeat(5000) },
  });
  ok(!("error" in e));
  strictEqual(e.session, undefined, "a session id that is not an id is dropped");
  // deno-lint-ignore no-control-regex
  ok(!/[\x00-\x1f]/.test(e.message!));
  strictEqual(e.message!.length, 1000);
});

Deno.test("claudeHookEffect() never throws on any JSON", () => {
  fc.assert(fc.property(fc.jsonValue(), (v) => void claudeHookEffect(v)));
  fc.assert(
    fc.property(
      fc.dictionary(
        fc.constantFrom(
          "hook_event_name",
          "session_id",
          "tool_name",
          "tool_input",
          "message",
          "notification_type",
          "error",
          "error_details",
          "reason",
          "source",
          "transcript_path",
        ),
        fc.jsonValue(),
      ),
      (o) => void claudeHookEffect({ hook_event_name: "Notification", ...o }),
    ),
  );
});
