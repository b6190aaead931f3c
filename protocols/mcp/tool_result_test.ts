import assert from "node:assert/strict";
import { errorResult, toolResult } from "./tool_result.ts";

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

Deno.test("errorResult() lists the arguments that do not fit the schema, under the tool's name", () => {
  const r = errorResult({
    code: "INVALID_INPUT",
    message: 'Cannot call "pane.read": pane: Expected string, received number',
    data: {
      issues: [
        { path: "pane", message: "Expected string, received number" },
        { path: "", message: "Unrecognized key(s) in object: 'pain'" },
      ],
    },
  }, "read_pane");
  assert.equal(r.isError, true);
  assert.equal(
    textOf(r),
    'INVALID_INPUT: Cannot call tool "read_pane": its arguments do not fit its inputSchema\n' +
      "- pane: Expected string, received number\n" +
      "- (arguments): Unrecognized key(s) in object: 'pain'\n" +
      "Fix the arguments and call again.",
  );
});

Deno.test("errorResult() keeps a handler's own INVALID_INPUT message and data as they are", () => {
  const r = errorResult({
    code: "INVALID_INPUT",
    message: 'Cannot swap pane "p1" with itself',
    data: { pane: "p1" },
  }, "swap_panes");
  assert.match(textOf(r), /^INVALID_INPUT: Cannot swap pane "p1" with itself\nFix the arguments/);
  assert.match(textOf(r), /"pane": "p1"/);
});
