import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { judge, type RawRun } from "./_stream.ts";

const init = JSON.stringify({ type: "system", subtype: "init", session_id: "s1" });
const result = (extra: Record<string, unknown>) =>
  JSON.stringify({
    type: "result",
    subtype: "success",
    is_error: false,
    result: "done",
    session_id: "s1",
    total_cost_usd: 0.5,
    num_turns: 3,
    usage: { input_tokens: 10, output_tokens: 4 },
    ...extra,
  });
const run = (lines: string[], extra: Partial<RawRun> = {}): RawRun => ({
  lines,
  code: 0,
  signal: null,
  stderr: "",
  ...extra,
});

Deno.test("judge() takes a success result as the reply, with cost, tokens and steps", () => {
  const o = judge(run([init, result({})]));
  deepStrictEqual(
    [o.ok, o.reply, o.sessionId, o.costUsd, o.inputTokens, o.outputTokens, o.numTurns],
    [true, "done", "s1", 0.5, 10, 4, 3],
  );
});

Deno.test("judge() fails a success result with is_error even when the exit code is 0", () => {
  const o = judge(run([init, result({ is_error: true, result: "API Error: 429 rate limited" })]));
  strictEqual(o.ok, false);
  ok(o.error.includes("429"), o.error);
  strictEqual(o.fatal, false);
});

Deno.test("judge() fails error subtypes (max turns, during execution, budget)", () => {
  for (const subtype of ["error_max_turns", "error_during_execution", "error_max_budget_usd"]) {
    const o = judge(run([result({ subtype, result: undefined })], { code: 1 }));
    ok(!o.ok && o.error.includes(subtype), o.error);
  }
});

Deno.test("judge() fails a run without a result: exit 1 with empty stderr, a signal", () => {
  const quiet = judge(run([init], { code: 1 }));
  ok(!quiet.ok && quiet.error.includes("exited with code 1 without a result"), quiet.error);
  ok(quiet.error.includes("nothing on stderr"), quiet.error);
  const killed = judge(run([init], { code: null, signal: "SIGKILL" }));
  ok(!killed.ok && killed.error.includes("killed by SIGKILL"), killed.error);
});

Deno.test("judge() fails a result followed by a non-zero exit", () => {
  const o = judge(run([result({})], { code: 2, stderr: "boom" }));
  ok(!o.ok && o.error.includes("code 2") && o.error.includes("boom"), o.error);
});

Deno.test("judge() tells which way a session mix-up goes", () => {
  const used = judge(run([], { code: 1, stderr: "Error: Session ID x is already in use.\n" }));
  strictEqual(used.session, "exists");
  const none = judge(run([], { code: 1, stderr: "No conversation found with session ID: x" }));
  strictEqual(none.session, "missing");
});

Deno.test("judge() marks a missing program fatal and keeps the executor's note", () => {
  const o = judge(
    run([], { code: null, note: 'Cannot run "claude": not installed', missing: true }),
  );
  ok(!o.ok && o.fatal && o.error.startsWith('Cannot run "claude"'), o.error);
});

Deno.test("judge() skips lines that are not JSON and uses the last assistant text", () => {
  const assistant = JSON.stringify({
    type: "assistant",
    message: { content: [{ type: "text", text: "partial" }] },
  });
  const o = judge(run(["garbage {", assistant], { code: 1 }));
  strictEqual(o.reply, "partial");
  strictEqual(o.ok, false);
});
