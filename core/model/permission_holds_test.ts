import { strictEqual } from "node:assert/strict";
import { PermissionHolds } from "./permission_holds.ts";

const ASK = { tool: "Bash", input: "rm -rf build" };

Deno.test("PermissionHolds.decide() answers the request held for the pane, once", async () => {
  const holds = new PermissionHolds();
  const answer = holds.hold("p1", ASK, { ms: 60_000 });
  const held = holds.get("p1")!;
  strictEqual(held.tool, "Bash");
  strictEqual(holds.decide("p1", { behavior: "allow" }, "another-id"), false);
  strictEqual(holds.decide("p1", { behavior: "deny", message: "no" }, held.id), true);
  strictEqual((await answer)?.behavior, "deny");
  strictEqual(holds.get("p1"), undefined);
  strictEqual(holds.decide("p1", { behavior: "allow" }), false);
});

Deno.test("PermissionHolds ends a wait with no decision: time-out, abort, newer request, release", async () => {
  const holds = new PermissionHolds();
  strictEqual(await holds.hold("p1", ASK, { ms: 10 }), null);
  const ac = new AbortController();
  const aborted = holds.hold("p1", ASK, { ms: 60_000, signal: ac.signal });
  ac.abort();
  strictEqual(await aborted, null);
  const older = holds.hold("p1", ASK, { ms: 60_000 });
  const newer = holds.hold("p1", { tool: "Edit", input: "a.ts" }, { ms: 60_000 });
  strictEqual(await older, null);
  strictEqual(holds.get("p1")?.tool, "Edit");
  holds.release("p1");
  strictEqual(await newer, null);
  strictEqual(holds.get("p1"), undefined);
});
