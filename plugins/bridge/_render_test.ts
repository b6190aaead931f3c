import { ok, strictEqual } from "node:assert/strict";
import { renderEvent } from "./_render.ts";

Deno.test("renderEvent() shows tool calls and their results as text lines", () => {
  const call = renderEvent({
    type: "assistant",
    message: {
      content: [
        { type: "text", text: "Let me look." },
        { type: "tool_use", id: "t1", name: "Read", input: { file_path: "/a.ts" } },
      ],
    },
  }, false);
  strictEqual(call, 'claude: Let me look.\n→ Read {"file_path":"/a.ts"}\n');
  const result = renderEvent({
    type: "user",
    message: { content: [{ type: "tool_result", tool_use_id: "t1", content: "line 1\nline 2" }] },
  }, false);
  strictEqual(result, "  line 1\n  line 2\n");
});

Deno.test("renderEvent() sums up the result and skips events a reader does not need", () => {
  const done = renderEvent({
    type: "result",
    subtype: "success",
    is_error: false,
    num_turns: 2,
    duration_ms: 900,
    total_cost_usd: 0.0123,
  }, false);
  strictEqual(done, "✓ done · 2 steps · 900 ms · $0.0123\n");
  const failed = renderEvent({ type: "result", subtype: "error_max_turns", is_error: true }, false);
  ok(failed.startsWith("✗ error_max_turns (error)"), failed);
  strictEqual(renderEvent({ type: "stream_event", event: {} }, false), "");
});

Deno.test("renderEvent() cuts long tool input and colours only when asked", () => {
  const long = renderEvent({
    type: "assistant",
    message: { content: [{ type: "tool_use", name: "Write", input: { text: "x".repeat(500) } }] },
  });
  ok(long.includes("…") && long.length < 300 && long.includes("\x1b["), long);
});
