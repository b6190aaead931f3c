import { deepStrictEqual } from "node:assert/strict";
import { turnArgv } from "./_argv.ts";

Deno.test("turnArgv() creates the session on a first turn and resumes it after", () => {
  deepStrictEqual(turnArgv({}, { id: "u1", started: false }), [
    "claude",
    "-p",
    "--session-id",
    "u1",
    "--output-format",
    "stream-json",
    "--verbose",
  ]);
  deepStrictEqual(turnArgv({}, { id: "u1", started: true }).slice(2, 4), ["--resume", "u1"]);
});

Deno.test("turnArgv() passes the agent's settings in order, its own args last", () => {
  const argv = turnArgv(
    {
      program: "/bin/claude",
      model: "m",
      systemPrompt: "s",
      appendSystemPrompt: "a",
      permissionMode: "acceptEdits",
      maxTurns: 7,
      allowedTools: ["Read", "Bash(git:*)"],
      disallowedTools: ["Write"],
      args: ["--debug"],
    },
    { id: "u", started: true },
  );
  deepStrictEqual(argv.slice(7), [
    "--model",
    "m",
    "--system-prompt",
    "s",
    "--append-system-prompt",
    "a",
    "--permission-mode",
    "acceptEdits",
    "--max-turns",
    "7",
    "--allowedTools",
    "Read,Bash(git:*)",
    "--disallowedTools",
    "Write",
    "--debug",
  ]);
  deepStrictEqual(argv[0], "/bin/claude");
});
