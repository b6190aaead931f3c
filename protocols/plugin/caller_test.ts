import { deepStrictEqual, strictEqual } from "node:assert/strict";
import type { Caller } from "../bus/mod.ts";
import { callerFromWire, callerToWire } from "./caller.ts";

Deno.test("callerToWire() and callerFromWire() round-trip a caller", () => {
  const caller: Caller = {
    kind: "mcp",
    id: "m1",
    pane: "p2",
    grants: new Set(["pane:write", "pane:read"]),
    chain: ["hello"],
  };
  const wire = callerToWire(caller);
  deepStrictEqual(wire.grants, ["pane:read", "pane:write"]);
  deepStrictEqual(callerFromWire(structuredClone(wire)), caller);
});

Deno.test("callerToWire() keeps all as all and copies the chain", () => {
  const chain = ["a"];
  const wire = callerToWire({ kind: "cli", id: "c", grants: "all", chain });
  strictEqual(wire.grants, "all");
  chain.push("b");
  deepStrictEqual(wire.chain, ["a"]);
});
