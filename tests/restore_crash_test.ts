// Crash safety: a loop of layout changes and pane creations, the server killed with SIGKILL at
// random moments; after each restart the state is the last one a client was answered (or that
// plus the change in flight), and the file passes PRAGMA integrity_check. Five kills here;
// `deno task bench -- store` runs twenty.
import { strictEqual } from "node:assert/strict";
import { crashLoop } from "./helpers/crash_loop.ts";
import { E2E } from "./helpers/server.ts";

Deno.test({
  name: "a server killed with SIGKILL at 5 random moments restores the last answered state",
  ...E2E,
  fn: async () => {
    const seed = Number(Deno.env.get("WEFT_CRASH_SEED") ?? Date.now() % 100_000);
    const result = await crashLoop({ kills: 5, seed });
    strictEqual(result.failure, undefined, `seed ${seed}: ${result.failure}`);
    strictEqual(result.kills, 5);
  },
});
