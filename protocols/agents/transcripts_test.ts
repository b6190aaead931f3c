// The transcript readers of Codex CLI (codex.ts) and Gemini CLI (gemini.ts) on trimmed copies of
// real transcripts (testdata/): the rollout and the chat recording the pinned CLIs wrote in a
// run against weft's mocks, where a message was handed over after a tool, one at the end of the
// turn (with <, >, & and quotes in it) and a third typed into the idle prompt. Each counts once,
// where the agent took it; the same texts in the CLIs' records for their screens do not.
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { vendorOf } from "./mod.ts";
import type { TranscriptFormat } from "./vendor.ts";

const TOOL = "[message from human] please also look at b.ts";
const STOP = `[message from human] one more <thing> & "c.ts" it's`;
const TYPED = "[message from human] a third note: d.ts";
const PROMPT = "run the steps";

function format(kind: string): TranscriptFormat {
  const f = vendorOf(kind)?.hooks?.transcript;
  ok(f, `${kind} declares its transcript`);
  return f;
}

/** How often `text` occurs in what the lines of `file` say the agent took (as pane.transcript counts). */
async function found(kind: string, file: string, text: string): Promise<number> {
  const lines =
    (await Deno.readTextFile(fileURLToPath(new URL(`testdata/${file}`, import.meta.url))))
      .split("\n").filter((l) => l.startsWith("{"));
  const taken = lines.flatMap((l) => format(kind).taken(JSON.parse(l)));
  return taken.reduce((n, t) => n + t.split(text).length - 1, 0);
}

Deno.test("codex transcript: a prompt, both hook hand-overs and a typed message count once each", async () => {
  const file = "codex_0.171.0_rollout.jsonl";
  const raw = await Deno.readTextFile(fileURLToPath(new URL(`testdata/${file}`, import.meta.url)));
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

Deno.test("gemini transcript: a prompt, both hook hand-overs and a typed message count once each", async () => {
  const file = "gemini_0.61.0_chat.jsonl";
  const raw = await Deno.readTextFile(fileURLToPath(new URL(`testdata/${file}`, import.meta.url)));
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
