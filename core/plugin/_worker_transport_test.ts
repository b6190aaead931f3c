import { strictEqual } from "node:assert/strict";
import { cleanWorkerError } from "./_worker_transport.ts";

Deno.test("cleanWorkerError() keeps the first line without colours or the Uncaught prefix", () => {
  const raw = 'Module not found "file:///x.ts".\n    at \x1b[0m\x1b[36mfile:///y.ts\x1b[0m:1:8';
  strictEqual(cleanWorkerError(raw), 'Module not found "file:///x.ts".');
  strictEqual(cleanWorkerError("Uncaught Error: boom"), "Error: boom");
  strictEqual(cleanWorkerError("Uncaught (in promise) Error: boom"), "Error: boom");
  strictEqual(cleanWorkerError(""), "it failed");
});
