// Gemini CLI's transcript reader (gemini.ts) on a trimmed copy of a real chat recording
// (testdata/) the pinned CLI wrote in a run against weft's mock: a message handed over after a
// tool, one at the end of the turn (with <, >, & and quotes in it) and a third typed into the idle
// prompt. Each counts once, where the agent took it; the same texts in its other records do not.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { format, found, STOP, testdata, TOOL, TYPED } from "./_transcript_testing.ts";

Deno.test("gemini transcript: a prompt, both hook hand-overs and a typed message count once each", async () => {
  const file = "gemini_0.61.0_chat.jsonl";
  const raw = await testdata(file);
  // The tool hand-over is in the tool's result twice (the model's call record, the user turn),
  // the Stop hand-over in a warning for the screen and in the prompt it became.
  strictEqual(raw.split("please also look at b.ts").length - 1, 2);
  ok(
    raw.includes(
      `"type":"warning","content":"Agent execution blocked: ${STOP.replaceAll('"', '\\"')}"`,
    ),
  );
  for (const text of ["run the two steps", TOOL, STOP, TYPED]) {
    strictEqual(await found("gemini", file, text), 1, text);
  }
  // A tool's own output (outside <hook_context>) is not a hand-over.
  strictEqual(await found("gemini", file, "Output: step-one"), 0);
  strictEqual(await found("gemini", file, "Both steps done."), 0);
});

Deno.test("gemini transcript: only its chat recordings are read", () => {
  const { file } = format("gemini");
  ok(file.test("/home/u/.gemini/tmp/project/chats/session-2026-11-26T22-42-5305f569.jsonl"));
  ok(file.test("/home/u/.gemini/tmp/project/chats/5305f569/sub-1.jsonl"), "a subagent's");
  for (
    const other of [
      "/home/u/.gemini/tmp/project/logs.json",
      "/home/u/.gemini/tmp/project/chats/session-1.json",
      "/home/u/.gemini/settings.json",
      "/tmp/project/chats/session-1.jsonl", // not under .gemini/tmp
      "/home/u/.codex/sessions/2026/11/26/rollout-x.jsonl",
    ]
  ) ok(!file.test(other), other);
  deepStrictEqual(format("gemini").taken({ $set: { lastUpdated: "now" } }), []);
});
