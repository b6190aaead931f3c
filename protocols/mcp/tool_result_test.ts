import assert from "node:assert/strict";
import { errorResult, isCallError, toolResult } from "./tool_result.ts";

function textOf(result: { content: unknown[] }): string {
  return (result.content[0] as { text: string }).text;
}

Deno.test("toolResult() returns an object value as structuredContent and JSON text", () => {
  const r = toolResult({ wrap: "non-object" }, { panes: [{ id: "p1" }] });
  assert.deepEqual(r.structuredContent, { panes: [{ id: "p1" }] });
  assert.deepEqual(JSON.parse(textOf(r)), { panes: [{ id: "p1" }] });
});

Deno.test("toolResult() shows a screen's text as it is, not JSON-escaped", () => {
  const r = toolResult({ wrap: "non-object" }, { pane: "p1", revision: 4, text: "a\n  b\n\n\n" });
  assert.equal(textOf(r), '{"pane":"p1","revision":4}\ntext:\na\n  b');
  assert.equal((r.structuredContent as { text: string }).text, "a\n  b\n\n\n");
  const run = toolResult({ wrap: "non-object" }, { exitCode: 0, output: "ok" });
  assert.match(textOf(run), /output:\nok$/);
});

Deno.test("toolResult() wraps values that are not objects", () => {
  assert.deepEqual(toolResult({ wrap: "non-object" }, "hi").structuredContent, { result: "hi" });
  assert.deepEqual(toolResult({ wrap: "non-object" }, [1]).structuredContent, { result: [1] });
  assert.deepEqual(toolResult({ wrap: "non-object" }, undefined).structuredContent, {
    result: null,
  });
  assert.deepEqual(toolResult({ wrap: "always" }, { a: 1 }).structuredContent, {
    result: { a: 1 },
  });
});

Deno.test("errorResult() names the code and says what to do", () => {
  const r = errorResult({
    code: "TARGET_NOT_FOUND",
    message: 'Cannot find pane "p99"',
    data: { ref: "p99" },
  });
  assert.equal(r.isError, true);
  const text = textOf(r);
  assert.match(text, /^TARGET_NOT_FOUND: Cannot find pane "p99"/);
  assert.match(text, /list_panes/);
  assert.match(text, /"ref": "p99"/);
});

Deno.test("isCallError() splits bad calls from failures inside commands", () => {
  assert.equal(isCallError({ code: "INVALID_INPUT", message: "" }), true);
  for (const code of ["TIMEOUT", "DENIED", "PANE_EXITED", "TARGET_NOT_FOUND"] as const) {
    assert.equal(isCallError({ code, message: "" }), false);
  }
});
