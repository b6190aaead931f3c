// Codex CLI's transcript reader (codex.ts) on a trimmed copy of a real rollout (testdata/) the
// pinned CLI wrote in a run against weft's mock: a message handed over after a tool, one at the
// end of the turn (with <, >, & and quotes in it) and a third typed into the idle prompt. Each
// counts once, where the agent took it; the same texts in the CLI's records for its screen do not.
import { ok, strictEqual } from "node:assert/strict";
import { format, found, PROMPT, STOP, testdata, TOOL, TYPED } from "./_transcript_testing.ts";

Deno.test("codex transcript: a prompt, both hook hand-overs and a typed message count once each", async () => {
  const file = "codex_0.171.0_rollout.jsonl";
  const raw = await testdata(file);
  ok(raw.includes('"cli_version":"0.171.0"'), "read from the pinned version");
  // The file holds each hand-over twice (the conversation's item, the screen's record) and the
  // Stop hook's reason escaped in the conversation: only the item counts, unescaped.
  ok(raw.includes("one more &lt;thing&gt; &amp;"), "the Stop reason is escaped in its item");
  ok(raw.includes('"type":"HookPrompt"'), "the screen's record of it is there too");
  for (const text of [PROMPT, TOOL, STOP, TYPED]) {
    strictEqual(await found("codex", file, text), 1, text);
  }
  // The agent's own words are not something it took.
  strictEqual(await found("codex", file, "All steps done."), 0);
});

Deno.test("codex transcript: only its rollouts are read", () => {
  const { file } = format("codex");
  ok(
    file.test("/home/u/.codex/sessions/2026/11/26/rollout-2026-11-26T22-42-13-01a21a06-0cd8.jsonl"),
  );
  for (
    const other of [
      "/home/u/.codex/session_index.jsonl",
      "/home/u/.codex/sessions/2026/11/26/rollout-x.json",
      "/home/u/.codex/history.jsonl",
      "/home/u/.claude/projects/-p/s.jsonl",
    ]
  ) ok(!file.test(other), other);
});
