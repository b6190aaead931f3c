import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { promptClearKeys, promptDraft } from "./prompt_draft.ts";

// Claude Code 2.1.330 at 120 columns, as weft reads its screen (plain text).
const RULE = "─".repeat(120);
const EMPTY = [
  "",
  "                        ⚠ Claude Sonnet 4.5 will be retired on November 30, 2026.",
  RULE,
  "❯ ",
  RULE,
  "  ⏸ manual mode on · ? for shortcuts · ← for agents",
];

Deno.test("promptDraft() reads Claude Code's empty prompt as empty", () => {
  strictEqual(promptDraft("claude", EMPTY), "");
});

Deno.test("promptDraft() returns what a human typed and did not send, over several rows", () => {
  strictEqual(
    promptDraft("claude", [RULE, "❯ draft words", RULE, "  ⏸ manual mode on"]),
    "draft words",
  );
  strictEqual(promptDraft("claude", [RULE, "❯ one", "  two", RULE, "footer"]), "one\ntwo");
});

Deno.test("promptDraft() does not guess: no prompt box, another kind, a dialog", () => {
  strictEqual(promptDraft("claude", ["❯ run it", "● working"]), undefined);
  strictEqual(promptDraft("shell", EMPTY), undefined);
  const dialog = [RULE, " Bash command", " Do you want to proceed?", " ❯ 1. Yes", "   2. No"];
  strictEqual(promptDraft("claude", dialog), undefined);
  // The rows between the rules must start with the prompt marker.
  strictEqual(promptDraft("claude", [RULE, " Bash command", RULE, " ❯ 1. Yes"]), undefined);
});

Deno.test("promptClearKeys() erases each row the prompt shows; nothing for an unknown kind", () => {
  deepStrictEqual(promptClearKeys("claude", "one row"), ["C-u", "Backspace"]);
  strictEqual(promptClearKeys("claude", "a\nb\nc")?.length, 6);
  strictEqual(promptClearKeys("shell", "a"), undefined);
});
