import { strictEqual } from "node:assert/strict";
import { cannotLoad, exitReason } from "./_exit_reason.ts";

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
    exitReason(end('error: Module not found "https://x/nope.ts".\n')),
    'Module not found "https://x/nope.ts".',
  );
});

Deno.test("exitReason() says where a module cannot load, and cannotLoad() knows it", () => {
  const stderr = "error: SyntaxError: Expression expected\n  |\n2 |   x: ,\n  |      ~\n" +
    "    at file:///p/bad.ts:2:6\n";
  const reason = exitReason(end(stderr));
  strictEqual(
    reason,
    "its module cannot load, so it is not restarted: SyntaxError: Expression expected at file:///p/bad.ts:2:6",
  );
  strictEqual(cannotLoad(reason), true);
  const missing = exitReason(
    end('error: Module not found "file:///nope.ts".\n    at file:///p/mod.ts:1:8\n'),
  );
  strictEqual(
    missing,
    'its module cannot load, so it is not restarted: Module not found "file:///nope.ts". at file:///p/mod.ts:1:8',
  );
  strictEqual(
    cannotLoad(exitReason(end("error: Uncaught Error: boom\n    at file:///p.ts:1:7\n"))),
    false,
  );
});

Deno.test("exitReason() falls back to the signal, then the exit code", () => {
  strictEqual(exitReason(end("", 137, "SIGKILL")), "it was killed by SIGKILL");
  strictEqual(exitReason(end("Download https://x\n", 3)), "it exited with code 3");
});
