import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { screenDialog, screenState } from "./screen_state.ts";

// Screens of Claude Code 2.1.330 at 100 columns (blank rows at the bottom as drawn).
const RULE = "─".repeat(100);
const WORKING = [
  " ▐▛███▛█   Claude Code v2.1.330",
  "❯ run it",
  "",
  "✢ Catapulting…",
  "    ⚠ Claude Sonnet 4.5 will be retired on November 30, 2026.",
  RULE,
  "❯ ",
  RULE,
  "  ⏸ manual mode on · esc to interrupt · ← for agents",
  "",
  "",
];
const DIALOG = [
  "❯ run it",
  "● Say hi",
  "  ⎿  $ touch weft-perm-test.txt",
  RULE,
  " Bash command",
  " Say hi",
  "╌".repeat(100),
  " touch weft-perm-test.txt",
  "╌".repeat(100),
  " Do you want to proceed?",
  " ❯ 1. Yes",
  "   2. Yes, and always allow access to /tmp/x from this project",
  "   3. No",
  " Esc to cancel · Tab to amend",
];
const IDLE = [
  "❯ run it",
  "  Ran 1 shell command",
  "● All done here.",
  "✻ Worked for 3s · done 12:39 AM",
  RULE,
  "❯ ",
  RULE,
  "  ⏸ manual mode on · ? for shortcuts",
];

Deno.test("screenState() reads Claude Code's working, permission dialog and idle screens", () => {
  deepStrictEqual(screenState("claude", WORKING), { state: "working" });
  deepStrictEqual(screenState("claude", DIALOG), {
    state: "blocked",
    kind: "permission",
    message: "Bash command · Say hi · touch weft-perm-test.txt · Do you want to proceed?",
  });
  deepStrictEqual(screenState("claude", IDLE), { state: "idle" });
});

Deno.test("screenState() does not take prose or text above the footer for a state", () => {
  // The agent asking in its message, with a numbered list, is no dialog: the prompt is idle.
  const prose = [
    "● Do you want to proceed?",
    "  1. Yes",
    "  2. No",
    RULE,
    "❯ ",
    RULE,
    "  ? for shortcuts",
  ];
  deepStrictEqual(screenState("claude", prose), { state: "idle" });
  // "esc to interrupt" in the transcript, far from the footer, is not the footer.
  const quoted = [
    "● Press esc to interrupt it.",
    ...Array(6).fill(""),
    RULE,
    "❯ ",
    RULE,
    "  ? for shortcuts",
  ];
  deepStrictEqual(screenState("claude", quoted), { state: "idle" });
  strictEqual(screenState("claude", ["loading…"]), undefined);
  strictEqual(screenState("shell", IDLE), undefined);
  strictEqual(screenState("claude", []), undefined);
});

Deno.test("screenDialog() reads a dialog's choices, the selected one, and labels that wrap", () => {
  const rows = [
    "─".repeat(48),
    " Bash command",
    "   rm -rf build",
    " Do you want to proceed?",
    "   1. Yes",
    " ❯ 2. Yes, and don't ask again for rm commands",
    "   in this folder",
    "   3. No, and tell Claude what to do differently",
    "   (esc)",
    "",
    " Esc to cancel · Tab to amend",
  ];
  const dialog = screenDialog("claude", rows)!;
  deepStrictEqual(dialog.choices, [
    { n: 1, label: "Yes" },
    { n: 2, label: "Yes, and don't ask again for rm commands in this folder" },
    { n: 3, label: "No, and tell Claude what to do differently (esc)" },
  ]);
  strictEqual(dialog.selected, 2);
  strictEqual(dialog.question, "Bash command · rm -rf build · Do you want to proceed?");
  strictEqual(screenDialog("claude", rows.slice(0, 3)), undefined);
  strictEqual(screenDialog("shell", rows), undefined);
});
