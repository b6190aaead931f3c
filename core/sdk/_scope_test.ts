import { strictEqual } from "node:assert/strict";
import { currentHandler, type HandlerScope, inHandler, outsideHandlers } from "./_scope.ts";

Deno.test("inHandler() scope follows awaits, timers and microtasks; outsideHandlers() leaves it", async () => {
  const scope: HandlerScope = { id: "c1", name: "demo.run", done: false };
  const seen: (string | undefined)[] = [];
  const later = Promise.withResolvers<void>();
  await inHandler(scope, async () => {
    await Promise.resolve();
    seen.push(currentHandler()?.id);
    await new Promise((resolve) => setTimeout(resolve, 1));
    seen.push(currentHandler()?.id);
    queueMicrotask(() => seen.push(currentHandler()?.id));
    outsideHandlers(() => setTimeout(() => (seen.push(currentHandler()?.id), later.resolve()), 1));
  });
  await later.promise;
  strictEqual(currentHandler(), undefined);
  strictEqual(seen.join(), "c1,c1,c1,");
  strictEqual(seen.length, 4);
});
