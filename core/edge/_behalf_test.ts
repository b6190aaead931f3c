import { deepStrictEqual, strictEqual } from "node:assert/strict";
import { type Capability, READ_ONLY } from "../../protocols/bus/capabilities.ts";
import { behalfCaller } from "./_behalf.ts";

Deno.test("behalfCaller: read-only is READ_ONLY within the door plugin's own rights", () => {
  const web = new Set<Capability>(["pane:read", "pane:write", "layout:write"]);
  const mcp = new Set<Capability>(["pane:read", "pane:write", "message:read", "message:send"]);
  const client = { kind: "mcp" as const, id: "s1", grants: [...READ_ONLY] };
  deepStrictEqual(
    behalfCaller("web", web, { ...client, kind: "web" }).grants,
    new Set(["pane:read"]),
  );
  deepStrictEqual(behalfCaller("mcp", mcp, client).grants, new Set(["pane:read", "message:read"]));
  strictEqual(behalfCaller("mcp", mcp, client).id, "mcp/s1");
});
