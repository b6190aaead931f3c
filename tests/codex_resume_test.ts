// How a Codex pane comes back after a restart: `codex resume <id>` (or `--last`) with the flags
// it was started with, and `codex exec` (one answer, then gone) not at all. The generic rules
// (wrappers, shells, quoting) are in core/store/resume_test.ts.
import { deepStrictEqual as assertEquals, strictEqual } from "node:assert/strict";
import { resumeArgv } from "../core/store/resume.ts";

const id = { session: "0b6c9e1e" } as const;
const latest = { latest: true } as const;
const none = { none: true } as const;

Deno.test("resumeArgv() resumes Codex with codex resume and its flags", () => {
  assertEquals(resumeArgv(["codex", "-m", "o3", "--full-auto", "write tests"], id), [
    "codex",
    "resume",
    "0b6c9e1e",
    "-m",
    "o3",
    "--full-auto",
  ]);
  assertEquals(resumeArgv(["codex", "resume", "--last", "-m", "o3"], latest), [
    "codex",
    "resume",
    "--last",
    "-m",
    "o3",
  ]);
  assertEquals(resumeArgv(["codex", "-m", "o3", "task"], none), ["codex", "-m", "o3"]);
});

Deno.test("resumeArgv() leaves codex exec alone: no conversation to resume", () => {
  strictEqual(resumeArgv(["codex", "exec", "task"], id), undefined);
});
