import { strictEqual } from "node:assert/strict";
import { exitReason } from "./_exit_reason.ts";

const end = (stderr: string, code = 1, signal: Deno.Signal | null = null) => ({
  code,
  signal,
  stderr,
  memoryMiB: 64,
});

Deno.test("exitReason() names the memory cap when V8 ran out of heap", () => {
  const stderr =
    "<--- Last few GCs --->\n\n#\n# Fatal JavaScript out of memory: Reached heap limit\n";
  strictEqual(exitReason(end(stderr, 133, "SIGTRAP")), "it ran out of memory (its cap is 64 MiB)");
});

Deno.test("exitReason() keeps Deno's error line and drops the stack", () => {
  const stderr = "error: Uncaught (in promise) Error: top_throw cannot even load\n" +
    'throw new Error("top_throw cannot even load");\n      ^\n    at file:///x/mod.ts:9:7\n';
  strictEqual(exitReason(end(stderr)), "Error: top_throw cannot even load");
  strictEqual(
    exitReason(end('error: Module not found "file:///nope.ts".\n')),
    'Module not found "file:///nope.ts".',
  );
});

Deno.test("exitReason() falls back to the signal, then the exit code", () => {
  strictEqual(exitReason(end("", 137, "SIGKILL")), "it was killed by SIGKILL");
  strictEqual(exitReason(end("Download https://x\n", 3)), "it exited with code 3");
});
