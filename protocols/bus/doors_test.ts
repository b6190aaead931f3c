import { deepStrictEqual } from "node:assert/strict";
import { doorOf } from "./doors.ts";

const base = { id: "x", grants: "all" as const };

Deno.test("doorOf() says who types: a human at the TUI or the web page, an agent through MCP or the sideband", () => {
  deepStrictEqual(doorOf({ ...base, kind: "tui" }), { typist: "human", shortCalls: false });
  deepStrictEqual(doorOf({ ...base, kind: "web" }).typist, "human");
  deepStrictEqual(doorOf({ ...base, kind: "mcp" }), { typist: "agent", shortCalls: true });
  deepStrictEqual(doorOf({ ...base, kind: "sideband" }), { typist: "agent", shortCalls: false });
  deepStrictEqual(doorOf({ ...base, kind: "cli" }), { typist: "program", shortCalls: false });
  deepStrictEqual(doorOf({ ...base, kind: "socket" }).typist, "program");
});

Deno.test("doorOf() keeps an agent door's traits along a plugin's call chain, and only those", () => {
  const viaMcp = { ...base, kind: "plugin" as const, chain: ["mcp", "message"] };
  deepStrictEqual(doorOf(viaMcp), { typist: "agent", shortCalls: true });
  const viaSideband = { ...base, kind: "plugin" as const, chain: ["sideband"] };
  deepStrictEqual(doorOf(viaSideband), { typist: "agent", shortCalls: false });
  // The web plugin in a chain does not make a plugin's call a human's keys.
  deepStrictEqual(doorOf({ ...base, kind: "plugin", chain: ["web"] }).typist, "program");
  deepStrictEqual(doorOf({ ...base, kind: "plugin", chain: ["layout", "__proto__"] }), {
    typist: "program",
    shortCalls: false,
  });
});
