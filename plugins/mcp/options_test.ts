import assert from "node:assert/strict";
import { MCP_DEFAULTS, parseMcpOptions } from "./options.ts";

Deno.test("parseMcpOptions() fills in the defaults", () => {
  assert.deepEqual(parseMcpOptions(undefined), MCP_DEFAULTS);
  assert.equal(MCP_DEFAULTS.unsafeConformanceMode, false);
});

Deno.test("parseMcpOptions() keeps what the project set", () => {
  const o = parseMcpOptions({ port: 8931, tools: ["read_pane"], hide: ["x"], readOnly: true });
  assert.equal(o.port, 8931);
  assert.deepEqual(o.tools, ["read_pane"]);
  assert.equal(o.readOnly, true);
});

Deno.test("parseMcpOptions() names a wrong key", () => {
  assert.throws(
    () => parseMcpOptions({ prot: 1 }),
    /weft\.plugins\.mcp\.options: unknown key "prot"/,
  );
  assert.throws(() => parseMcpOptions({ port: 70000 }), /options\.port/);
});
