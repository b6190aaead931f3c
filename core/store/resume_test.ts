import { deepStrictEqual as assertEquals, strictEqual } from "node:assert/strict";
import { resumeArgv } from "./resume.ts";

const id = { session: "0b6c9e1e" } as const;
const latest = { latest: true } as const;
const none = { none: true } as const;

Deno.test("resumeArgv() resumes Claude Code by session id with its flags and without its prompt", () => {
  assertEquals(
    resumeArgv(["claude", "--model", "opus", "--permission-mode", "default", "fix it"], id),
    ["claude", "--resume", "0b6c9e1e", "--model", "opus", "--permission-mode", "default"],
  );
  assertEquals(resumeArgv(["claude", "--model=opus", "hi"], latest), [
    "claude",
    "--continue",
    "--model=opus",
  ]);
  assertEquals(resumeArgv(["claude", "--verbose", "hi"], none), ["claude", "--verbose"]);
});

Deno.test("resumeArgv() replaces an earlier --resume, --continue or --session-id", () => {
  assertEquals(resumeArgv(["claude", "--resume", "old", "--debug"], id), [
    "claude",
    "--resume",
    "0b6c9e1e",
    "--debug",
  ]);
  assertEquals(resumeArgv(["claude", "-c", "--session-id", "x", "-r", "y"], id), [
    "claude",
    "--resume",
    "0b6c9e1e",
  ]);
});

Deno.test("resumeArgv() keeps every value of a variadic flag", () => {
  assertEquals(
    resumeArgv(["claude", "--add-dir", "a", "b", "--allowedTools", "Bash", "Edit", "-v"], id),
    [
      "claude",
      "--resume",
      "0b6c9e1e",
      "--add-dir",
      "a",
      "b",
      "--allowedTools",
      "Bash",
      "Edit",
      "-v",
    ],
  );
});

Deno.test("resumeArgv() looks past wrappers and keeps them", () => {
  assertEquals(resumeArgv(["env", "A=/x/y", "claude", "hi"], id), [
    "env",
    "A=/x/y",
    "claude",
    "--resume",
    "0b6c9e1e",
  ]);
  assertEquals(resumeArgv(["npx", "@anthropic-ai/claude-code", "--verbose"], latest), [
    "npx",
    "@anthropic-ai/claude-code",
    "--continue",
    "--verbose",
  ]);
});

Deno.test("resumeArgv() rewrites a shell line and quotes its words again", () => {
  assertEquals(
    resumeArgv(
      ["bash", "--norc", "-c", "claude --append-system-prompt 'be brief' 'first task'"],
      id,
    ),
    ["bash", "--norc", "-c", "claude --resume 0b6c9e1e --append-system-prompt 'be brief'"],
  );
  strictEqual(resumeArgv(["bash", "-c", "claude | tee log"], id), undefined);
  strictEqual(resumeArgv(["bash", "-c", "claude $(cat flags)"], id), undefined);
});

Deno.test("resumeArgv() leaves alone what is no conversation to resume", () => {
  strictEqual(resumeArgv(["claude", "-p", "one shot"], id), undefined);
  strictEqual(resumeArgv(["htop"], id), undefined);
  strictEqual(resumeArgv(["vim", "claude"], id), undefined);
});
